// @vitest-environment node
// A package imported anywhere (app, tests, tools) is declared in package.json: one that arrives only
// through another package's dependencies goes, or changes major version, when that package does.
import { describe, expect, it } from 'vitest';
import { lintAs } from './repo-lint';

const rules = async (file: string, code: string) => (await lintAs(file, code)).map((m) => m.ruleId);

describe('declared dependencies', () => {
  it('a package installed only for another one (debug, under several tools) is refused, in code and tests', async () => {
    const code = "import debug from 'debug';\nexport const log = debug('chloe');\n";
    expect(await rules('src/lib/x.ts', code)).toContain('import-x/no-extraneous-dependencies');
    expect(await rules('tests/e2e/x.ts', code)).toContain('import-x/no-extraneous-dependencies');
    expect(await rules('scripts/x.mjs', code)).toContain('import-x/no-extraneous-dependencies');
  });

  it('types from an undeclared package, and a dynamic import of one, are refused too', async () => {
    expect(
      await rules('src/lib/x.ts', "import type { Debugger } from 'debug';\nexport type D = Debugger;\n"),
    ).toContain('import-x/no-extraneous-dependencies');
    expect(await rules('src/lib/x.ts', "export const load = () => import('debug');\n")).toContain(
      'import-x/no-extraneous-dependencies',
    );
  });

  it('what package.json declares passes: rxjs (rxdb’s peer), realtime-js, the engines’ puppeteer-core', async () => {
    expect(await rules('src/sync/x.ts', "import { Subject } from 'rxjs';\nexport const s = new Subject();\n")).toEqual(
      [],
    );
    expect(
      await rules(
        'src/sync/x.ts',
        "import type { RealtimeChannel } from '@supabase/realtime-js';\nexport type C = RealtimeChannel;\n",
      ),
    ).toEqual([]);
    expect(
      await rules('tests/engines/x.ts', "import puppeteer from 'puppeteer-core';\nexport const p = puppeteer;\n"),
    ).toEqual([]);
  });
});
