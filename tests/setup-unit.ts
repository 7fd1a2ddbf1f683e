import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Testing Library only where there is a DOM (a file in jsdom). The unit files run in parallel on two
// cores beside IndexedDB work: a wait of the default 1 s failed in CI for a notice that takes ~50 ms
// alone. Waiting longer costs only failing tests time.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
  afterEach(() => cleanup());
}
