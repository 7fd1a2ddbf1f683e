// @vitest-environment node
// The lint rules that keep the layers apart (docs/architecture.md) fire on a file that breaks
// them, with the message that says what to do instead; the files that follow them pass.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY_MESSAGES, STACK_BOUNDARY_MESSAGES } from '../../eslint.config.js';
import { lintAs, repoEslint } from './repo-lint';

const root = path.resolve(import.meta.dirname, '../..');

async function problems(file: string, code: string) {
  return (await lintAs(file, code)).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const restricted = (message: string) => ({
  rule: 'import-x/no-restricted-paths',
  message: expect.stringContaining(message) as unknown,
});

describe('layer boundaries', () => {
  it('a feature may not import another feature, and may import itself', async () => {
    expect(
      await problems('src/features/shareholder/x.ts', "export { ASSESSMENT_STEPS } from '../assessment/assessment';\n"),
    ).toEqual([restricted(BOUNDARY_MESSAGES.feature)]);
    expect(await problems('src/features/shareholder/x.ts', "export { STEPS } from './subscription';\n")).toEqual([]);
  });

  it('src/data, src/sync, src/lib and src/ui may not import features or routes', async () => {
    for (const [file, source] of [
      ['src/data/x.ts', '../features/auth/session'],
      ['src/sync/x.ts', '../features/sync/sync-status'],
      ['src/lib/x.ts', '../features/sync/sync-status'],
      ['src/ui/x.tsx', '../features/auth/guards'],
      ['src/lib/x.ts', '../routes/-app-header'],
      ['src/data/x.ts', '../routes/auth'],
    ] as const) {
      expect(await problems(file, `export * from '${source}';\n`), `${file} → ${source}`).toEqual([
        restricted(BOUNDARY_MESSAGES.lowerLayer),
      ]);
    }
    expect(await problems('src/data/x.ts', "export { errorMessage } from '../lib/errors';\n")).toEqual([]);
  });

  it('src/ui may not import src/data or src/sync', async () => {
    for (const source of ['../data/user-data', '../sync/status']) {
      expect(await problems('src/ui/x.tsx', `export * from '${source}';\n`), source).toEqual([
        restricted(BOUNDARY_MESSAGES.uiToData),
      ]);
    }
    expect(await problems('src/ui/x.tsx', "export { plural } from '../lib/format';\n")).toEqual([]);
  });

  it('src/sync knows nothing of src/data; src/data builds on src/sync', async () => {
    expect(await problems('src/sync/x.ts', "export { SYNC_RULES } from '../data/sync-rules';\n")).toEqual([
      restricted(BOUNDARY_MESSAGES.syncToData),
    ]);
    expect(await problems('src/data/x.ts', "export { Outbox } from '../sync/outbox';\n")).toEqual([]);
    expect(await problems('src/sync/x.ts', "export { errorMessage } from '../lib/errors';\n")).toEqual([]);
  });

  it('src/lib knows neither src/data nor src/sync', async () => {
    for (const source of ['../data/refusals', '../sync/merge']) {
      expect(await problems('src/lib/x.ts', `export * from '${source}';\n`), source).toEqual([
        restricted(BOUNDARY_MESSAGES.libToData),
      ]);
    }
  });

  it('src/generated imports nothing of the app but the routes (the route tree); everyone may import it', async () => {
    for (const source of ['../lib/toast', '../features/auth/session']) {
      expect(await problems('src/generated/x.ts', `export * from '${source}';\n`), source).toEqual([
        restricted(BOUNDARY_MESSAGES.generated),
      ]);
    }
    expect(await problems('src/generated/x.ts', "export { Route } from '../routes/auth';\n")).toEqual([]);
    expect(await problems('src/lib/x.ts', "export type { Database } from '../generated/database.types';\n")).toEqual(
      [],
    );
  });

  it('the extension takes only the database types from the app, and the app nothing from the extension', async () => {
    expect(await problems('extension/src/x.ts', "export { supabase } from '../../src/lib/supabase';\n")).toEqual([
      restricted(BOUNDARY_MESSAGES.extension),
    ]);
    expect(
      await problems(
        'src/features/properties/x.ts',
        "export { parseListing } from '../../../extension/src/listing/parse';\n",
      ),
    ).toEqual([restricted(BOUNDARY_MESSAGES.extension)]);
    expect(
      await problems('extension/src/x.ts', "export type { Database } from '../../src/generated/database.types';\n"),
    ).toEqual([]);
  });

  it('a feature may not import a route', async () => {
    expect(
      await problems('src/features/auth/x.tsx', "export { AppHeader } from '../../routes/-app-header';\n"),
    ).toEqual([restricted(BOUNDARY_MESSAGES.featureToRoute)]);
  });
});

describe('the local stack and the tools', () => {
  const M = STACK_BOUNDARY_MESSAGES;

  it('the stack never imports scripts/; the tools may use the stack', async () => {
    for (const file of [
      'supabase/local/stack/x.mjs',
      'supabase/local/services/auth/x.mjs',
      'supabase/local/shared/x.mjs',
    ]) {
      const source = path.relative(path.dirname(file), 'scripts/build-extension.mjs');
      expect(await problems(file, `export { buildExtension } from '${source}';\n`), file).toEqual([
        restricted(M.stackToScripts),
      ]);
    }
    expect(
      await problems('scripts/x.mjs', "export { startStack } from '../supabase/local/stack/index.mjs';\n"),
    ).toEqual([]);
  });

  it('a stand-in service may not import another service, and may import itself', async () => {
    expect(
      await problems('supabase/local/services/auth/x.mjs', "export { createMailbox } from '../mail/mailbox.mjs';\n"),
    ).toEqual([restricted(M.service)]);
    expect(await problems('supabase/local/services/auth/x.mjs', "export { fail } from './replies.mjs';\n")).toEqual([]);
  });

  it('a stand-in service may not import the stack; it may use shared/', async () => {
    expect(
      await problems('supabase/local/services/voice/x.mjs', "export { freePort } from '../../stack/process.mjs';\n"),
    ).toEqual([restricted(M.serviceToStack)]);
    expect(
      await problems(
        'supabase/local/services/voice/x.mjs',
        "export { sendJson } from '../../shared/http/reply.mjs';\n",
      ),
    ).toEqual([]);
  });

  it('shared/ may not import the stack or a service', async () => {
    for (const source of ['../stack/process.mjs', '../services/mail/mailbox.mjs']) {
      expect(await problems('supabase/local/shared/x.mjs', `export * from '${source}';\n`), source).toEqual([
        restricted(M.shared),
      ]);
    }
    expect(await problems('supabase/local/shared/x.mjs', "export { apiKeys } from './keys.mjs';\n")).toEqual([]);
  });

  it('the app, the extension and the service worker import neither the local stack nor scripts/', async () => {
    for (const [file, source] of [
      ['src/lib/x.ts', '../../supabase/local/shared/settings.mjs'],
      ['src/features/auth/x.ts', '../../../scripts/staff.mjs'],
      ['extension/src/x.ts', '../../supabase/local/services/voice/agents.mjs'],
      ['sw/x.ts', '../scripts/build-extension.mjs'],
    ] as const) {
      expect(await problems(file, `export * from '${source}';\n`), `${file} → ${source}`).toEqual([
        restricted(M.appToTools),
      ]);
    }
  });

  describe('import cycles', () => {
    // Two modules of the stack that import each other.
    const a = path.join(root, 'supabase/local/stack/lint-fixture-cycle-a.mjs');
    const b = path.join(root, 'supabase/local/stack/lint-fixture-cycle-b.mjs');
    beforeAll(async () => {
      await writeFile(a, "import { b } from './lint-fixture-cycle-b.mjs';\nexport const a = () => b;\n");
      await writeFile(b, "import { a } from './lint-fixture-cycle-a.mjs';\nexport const b = () => a;\n");
    });
    afterAll(async () => {
      await rm(a, { force: true });
      await rm(b, { force: true });
    });

    it('are refused there too, saying how to break them', async () => {
      const [result] = await repoEslint.lintFiles([a]);
      expect(result?.messages.map((m) => ({ rule: m.ruleId, message: m.message }))).toEqual([
        { rule: 'chloe/no-cycle', message: expect.stringContaining(BOUNDARY_MESSAGES.cycle) as unknown },
      ]);
    });
  });
});

describe('import cycles', () => {
  // Two modules on disk that import each other (the rule follows real files).
  const a = path.join(root, 'src/lib/lint-fixture-cycle-a.ts');
  const b = path.join(root, 'src/lib/lint-fixture-cycle-b.ts');
  beforeAll(async () => {
    await writeFile(a, "import { b } from './lint-fixture-cycle-b';\nexport const a = () => b;\n");
    await writeFile(b, "import { a } from './lint-fixture-cycle-a';\nexport const b = () => a;\n");
  });
  afterAll(async () => {
    await rm(a, { force: true });
    await rm(b, { force: true });
  });

  it('are refused, saying how to break them', async () => {
    const [result] = await repoEslint.lintFiles([a]);
    expect(result?.messages.map((m) => ({ rule: m.ruleId, message: m.message }))).toEqual([
      { rule: 'chloe/no-cycle', message: expect.stringContaining(BOUNDARY_MESSAGES.cycle) as unknown },
    ]);
  });
});

describe('code rules', () => {
  it("'any' needs to go, or carry a reason in a disable comment", async () => {
    expect(await problems('src/lib/x.ts', 'export const f = (v: any) => v;\n')).toEqual([
      { rule: '@typescript-eslint/no-explicit-any', message: expect.any(String) as unknown },
    ]);
  });

  it('no console in the app; scripts and the local stack may print', async () => {
    const code = "console.log('hello');\n";
    expect((await problems('src/features/auth/x.ts', code)).map((p) => p.rule)).toEqual(['no-console']);
    expect(await problems('scripts/x.mjs', code)).toEqual([]);
    expect(await problems('supabase/local/x.mjs', code)).toEqual([]);
  });

  it('an effect must list what it reads', async () => {
    const code = [
      "import { useEffect } from 'react';",
      'export function useTitle(title: string) {',
      '  useEffect(() => {',
      '    document.title = title;',
      '  }, []);',
      '}',
      '',
    ].join('\n');
    expect((await problems('src/features/auth/x.ts', code)).map((p) => p.rule)).toEqual([
      'react-hooks/exhaustive-deps',
    ]);
  });
});
