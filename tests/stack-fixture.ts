import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../supabase/local/stack/index.mjs';
import { freePort } from '../supabase/local/stack/process.mjs';
import type { afterAll, beforeAll } from 'vitest';

export interface StackInfo {
  apiUrl: string;
  /** `postgres`'s connection string: not a superuser, as on a hosted project. */
  dbUrl: string;
  /** The cluster's superuser (`supabase_admin`): for setting up what no project role could. */
  adminDbUrl: string;
  /** The local inbox (services/mail): GET `${mailUrl}/api/messages?to=…`. */
  mailUrl: string;
  /** The local voice service (supabase/local/services/voice): `${voiceUrl}/v1/convai/...`, `/_local/conversations`. */
  voiceUrl: string;
  /** Where the app's voice SDK connects: `${voiceWsOrigin}/v1/convai/conversation?agent_id=…`. */
  voiceWsOrigin: string;
  /** The voice service's `xi-api-key` (the functions' ELEVENLABS_API_KEY): tests only, never the app. */
  voiceApiKey: string;
  /** The functions' NORMAN_PASSWORD: the password the Norman page (norman-access) accepts. */
  normanPassword: string;
  /** The local Google (supabase/local/services/google): consent, token, Gmail, `/_local/*`. */
  googleUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

/** A throw-away stack on free ports; `stop()` also deletes its data. */
export async function startTestStack(
  opts: {
    seed?: boolean;
    accessTokenTtl?: number;
    rateLimits?: Record<string, number>;
    confirmSignups?: boolean;
    /** The app origins that may connect Gmail (the e2e preview's). */
    appOrigins?: string[];
    /** Seconds a local Google access token lives. */
    googleAccessTokenTtl?: number;
    /** 'new': clients get sb_publishable_/sb_secret_ keys and the legacy JWT keys are refused. */
    apiKeyKind?: 'legacy' | 'new';
  } = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'chloe-stack-'));
  const logs: string[] = [];
  const record = (line: string) => {
    logs.push(line);
    if (logs.length > 200) logs.shift();
  };
  // What `npm start` prints even without STACK_LOG: a service that died and its restart.
  const notices: string[] = [];
  try {
    const stack = await startStack({
      dataDir,
      apiPort: await freePort(),
      dbPort: await freePort(),
      mailPort: await freePort(),
      voicePort: await freePort(),
      googlePort: await freePort(),
      appOrigins: opts.appOrigins,
      googleAccessTokenTtl: opts.googleAccessTokenTtl,
      apiKeyKind: opts.apiKeyKind,
      seedFile: opts.seed ? undefined : null,
      accessTokenTtl: opts.accessTokenTtl,
      // Off unless a test turns them on: the suites sign up hundreds of users from one address.
      rateLimits: opts.rateLimits ?? null,
      confirmSignups: opts.confirmSignups ?? false,
      // Not the printed local default: nothing may pass by knowing it instead of asking the stack.
      normanPassword: `norman-test-${randomUUID().slice(0, 8)}`,
      log: record,
      notice: (line) => {
        notices.push(line);
        record(line);
      },
    });
    const info: StackInfo = {
      apiUrl: stack.apiUrl,
      dbUrl: stack.dbUrl,
      adminDbUrl: stack.adminDbUrl,
      mailUrl: stack.mailUrl,
      voiceUrl: stack.voiceUrl,
      voiceWsOrigin: stack.voiceWsOrigin,
      voiceApiKey: stack.voiceApiKey,
      normanPassword: stack.normanPassword,
      googleUrl: stack.googleUrl,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      jwtSecret: stack.jwtSecret,
    };
    return {
      info,
      faults: stack.faults,
      logs: () => logs.join('\n'),
      notices: () => [...notices],
      stop: async () => {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A stack of a test file's own (started before its tests, stopped after them even when they fail),
 * for settings the shared stack does not have: `own.stack` once started.
 */
export function ownStack(
  opts: Parameters<typeof startTestStack>[0],
  hooks: { beforeAll: typeof beforeAll; afterAll: typeof afterAll },
) {
  const own: { stack?: Awaited<ReturnType<typeof startTestStack>> } = {};
  hooks.beforeAll(async () => {
    own.stack = await startTestStack(opts);
  }, 120_000);
  hooks.afterAll(async () => {
    await own.stack?.stop();
  });
  return own;
}
