// The bounds' own arithmetic: a token bucket, and a connection limit under the open-file limit.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionLimit, rate } from './bounds.mjs';

describe('rate', () => {
  it('allows a burst of its rate, then as time passes', () => {
    let t = 0;
    const r = rate(3, () => t);
    expect([r.take(), r.take(), r.take(), r.take()]).toEqual([true, true, true, false]);
    t = 340; // a third of a second: one more
    expect([r.take(), r.take()]).toEqual([true, false]);
    t = 10_000; // never more than the burst
    expect([r.take(), r.take(), r.take(), r.take()]).toEqual([true, true, true, false]);
  });
});

describe('connectionLimit', () => {
  it('stays under half the open-file limit, and at most what is wanted', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'limits-'));
    try {
      const file = path.join(dir, 'limits');
      const limits = (soft: string) =>
        writeFile(
          file,
          `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 4096                 files\n`,
        );
      await limits('1024');
      expect(connectionLimit(4000, file)).toBe(512);
      await limits('1048576');
      expect(connectionLimit(4000, file)).toBe(4000);
      expect(connectionLimit(4000, path.join(dir, 'missing'))).toBe(4000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
