import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const style = css({ p: '8', textAlign: 'center', color: 'fg.muted', flex: '1' });

/** 'Loading...' (or what is given) in a polite status region, filling the page's place. */
export function LoadingStatus({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <p role="status" className={style}>
      {children}
    </p>
  );
}
