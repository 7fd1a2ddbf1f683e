// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from './keys.mjs';
import { dataLayout, localSettings } from './settings.mjs';

describe('the local stack’s settings', () => {
  it('JWT_SECRET replaces the well-known secret; one shorter than 32 characters is refused', () => {
    expect(localSettings({})).toMatchObject({ jwtSecret: DEFAULT_JWT_SECRET, wellKnownSecret: true });
    const own = 'a-secret-of-our-own-that-is-long-enough';
    expect(localSettings({ JWT_SECRET: own })).toMatchObject({ jwtSecret: own, wellKnownSecret: false });
    expect(() => localSettings({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters long.');
  });
});

describe('the Norman password', () => {
  it('is NORMAN_PASSWORD when set, else the local default (said so)', () => {
    expect(localSettings({})).toMatchObject({ normanPassword: 'norman-local-demo', normanPasswordIsDefault: true });
    expect(localSettings({ NORMAN_PASSWORD: '  ' })).toMatchObject({ normanPasswordIsDefault: true });
    expect(localSettings({ NORMAN_PASSWORD: ' our-own \n' })).toMatchObject({
      normanPassword: 'our-own',
      normanPasswordIsDefault: false,
    });
  });
});

describe('the local Google', () => {
  it('listens on GOOGLE_PORT (54326 by default) and keeps its mailboxes inside the data folder', () => {
    expect(localSettings({})).toMatchObject({ googlePort: 54326, googleUrl: 'http://127.0.0.1:54326' });
    expect(localSettings({ GOOGLE_PORT: '6000', CHLOE_DATA_DIR: '/tmp/chloe-x/.data/' })).toMatchObject({
      googlePort: 6000,
      googleUrl: 'http://127.0.0.1:6000',
      dataDir: '/tmp/chloe-x/.data/postgres',
      googleStateFile: '/tmp/chloe-x/.data/google.json',
    });
    expect(() => localSettings({ GOOGLE_PORT: 'mail' })).toThrow('GOOGLE_PORT must be a port number');
  });
});

describe('the data folder (CHLOE_DATA_DIR)', () => {
  it('holds everything: Postgres in postgres/, the local Google in google.json', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'chloe-layout-'));
    try {
      expect(dataLayout(folder)).toEqual({
        dataDir: path.join(folder, 'postgres'),
        googleStateFile: path.join(folder, 'google.json'),
      });
      // A Google file kept under its earlier name, beside postgres/, is read where it is.
      await writeFile(path.join(folder, 'postgres-google.json'), '{}');
      expect(dataLayout(folder).googleStateFile).toBe(path.join(folder, 'postgres-google.json'));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('a folder that is itself a Postgres cluster (the earlier meaning) is used as it is', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'chloe-layout-'));
    try {
      await writeFile(path.join(folder, 'PG_VERSION'), '17\n');
      expect(dataLayout(`${folder}/`)).toEqual({ dataDir: folder, googleStateFile: `${folder}-google.json` });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
