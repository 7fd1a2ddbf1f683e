import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The unit files run in parallel on two cores beside IndexedDB work: a wait of the default 1 s
// failed in CI for a notice that takes ~50 ms alone. Waiting longer costs only failing tests time.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
