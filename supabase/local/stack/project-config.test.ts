// @vitest-environment node
// supabase/config.toml as the local stack reads it: the project's own file, and the cases a
// hand-written reader would get wrong (comments, inline tables, quoted keys, a malformed file).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionNames } from './functions.mjs';
import { readProjectConfig } from './project-config.mjs';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'chloe-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function configOf(text: string) {
  const file = path.join(dir, `${crypto.randomUUID()}.toml`);
  await writeFile(file, text);
  return file;
}

describe('auth service', () => {
  it('the reuse interval, rate limits and redirect URLs come from supabase/config.toml', () => {
    expect(readProjectConfig(path.resolve(import.meta.dirname, '../../config.toml')).auth).toEqual({
      siteUrl: 'http://localhost:4173',
      redirectUrls: ['http://localhost:5173'],
      refreshTokenReuseInterval: 10, // hosted Supabase's default
      rateLimits: { token_refresh: 150, sign_in_sign_ups: 30, token_verifications: 30 },
      confirmSignups: true,
      secureEmailChange: true,
      securePasswordChange: false,
    });
  });

  it('lets every function of supabase/functions through without the platform JWT check (each checks its callers)', () => {
    const functionsDir = path.resolve(import.meta.dirname, '../../functions');
    const functions = functionNames(functionsDir);
    expect(functions.length).toBeGreaterThan(0);
    expect(readProjectConfig(path.resolve(import.meta.dirname, '../../config.toml')).functionsWithoutJwt).toEqual(
      new Set(functions),
    );
  });
});

describe('the project config', () => {
  it('is the defaults when there is no file, and no function goes without a JWT', () => {
    expect(readProjectConfig(path.join(dir, 'missing.toml'))).toEqual({
      auth: {
        siteUrl: 'http://localhost:4173',
        redirectUrls: [],
        refreshTokenReuseInterval: 10,
        rateLimits: {},
        confirmSignups: false,
        // The CLI's defaults: both addresses confirm an email change; no reauthentication code.
        secureEmailChange: true,
        securePasswordChange: false,
      },
      functionsWithoutJwt: new Set(),
    });
  });

  it('reads TOML as TOML: comments, dotted and quoted keys, multi-line arrays', async () => {
    const file = await configOf(
      [
        '[auth]',
        'site_url = "https://chloe.example" # the app',
        'additional_redirect_urls = [',
        '  "http://localhost:5173", # dev',
        '  "https://preview.chloe.example",',
        ']',
        'refresh_token_reuse_interval = 0',
        'rate_limit = { token_refresh = 5 }',
        'email.enable_confirmations = true',
        'email.double_confirm_changes = false',
        'email.secure_password_change = true',
        '',
        '[functions."norman-access"]',
        'verify_jwt = false',
        '[functions.gmail-oauth]',
        'verify_jwt = true',
        '[functions.echo]',
        '# verify_jwt = false',
      ].join('\n'),
    );
    expect(readProjectConfig(file)).toEqual({
      auth: {
        siteUrl: 'https://chloe.example',
        redirectUrls: ['http://localhost:5173', 'https://preview.chloe.example'],
        refreshTokenReuseInterval: 0,
        rateLimits: { token_refresh: 5 },
        confirmSignups: true,
        secureEmailChange: false,
        securePasswordChange: true,
      },
      functionsWithoutJwt: new Set(['norman-access']),
    });
  });

  it('refuses a malformed file, naming it and the line', async () => {
    const file = await configOf('[auth]\nsite_url = "unterminated\n');
    expect(() => readProjectConfig(file)).toThrow(`${path.basename(file)}:2:25: Invalid TOML document`);
  });
});
