import { useEffect, useState } from 'react';
import { afterPaint } from './after-paint';

/** False in a component's first frame, true once that frame has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}
