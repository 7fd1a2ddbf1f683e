// @vitest-environment node
// The two rules of `npm run lint` about a file's shape: no import cycle, counting the type-only
// and dynamic imports ESLint's no-cycle leaves out (scripts/check-structure.mjs), no source file
// over MAX_LINES lines (ESLint's max-lines; generated files excepted), and no function over 80.
import { describe, expect, it } from 'vitest';
import { MAX_LINES } from '../../eslint.config.js';
import { findCycles, importGraph } from '../../scripts/check-structure.mjs';
import { lintAs } from './repo-lint';

describe('import cycles, types and dynamic imports included', () => {
  const cyclesOf = (files: Record<string, string>) =>
    findCycles(importGraph(Object.keys(files), (file) => files[file]!, '/virtual'));

  it('a type-only cycle is one', () => {
    expect(
      cyclesOf({
        'src/data/a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
        'src/data/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      }),
    ).toEqual([['src/data/a.ts', 'src/data/b.ts']]);
  });

  it('so is one through a dynamic import, over three modules', () => {
    expect(
      cyclesOf({
        'src/data/a.tsx': "export const load = () => import('./b');\n",
        'src/data/b.ts': "export { c } from './c';\n",
        'src/data/c.ts': "import type { load } from './a';\nexport const c: typeof load | null = null;\n",
      }),
    ).toEqual([['src/data/a.tsx', 'src/data/b.ts', 'src/data/c.ts']]);
  });

  it('imports one way only are none', () => {
    expect(
      cyclesOf({
        'src/data/a.ts': "import type { B } from './b';\nexport const a = (b: B) => b;\n",
        'src/data/b.ts': "import { x } from 'rxjs';\nexport type B = typeof x;\n",
      }),
    ).toEqual([]);
  });
});

describe('file length', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n';
  const rules = async (file: string, code: string) => (await lintAs(file, code)).map((m) => m.ruleId);

  it(`a source file over ${MAX_LINES} lines is refused; one of ${MAX_LINES} is not`, async () => {
    expect(await rules('src/lib/x.ts', lines(MAX_LINES + 1))).toEqual(['max-lines']);
    expect(await rules('tests/e2e/x.spec.ts', lines(MAX_LINES + 1))).toEqual(['max-lines']);
    expect(await rules('src/lib/x.ts', lines(MAX_LINES))).toEqual([]);
  });

  it('a generated file may be as long as its tool makes it', async () => {
    expect(await rules('src/generated/x.ts', lines(MAX_LINES + 1))).toEqual([]);
  });
});

describe('function length', () => {
  const fn = (n: number) =>
    `export function f() {\n${Array.from({ length: n - 2 }, (_, i) => `  console.info(${i});`).join('\n')}\n}\n`;
  const rules = async (file: string, code: string) =>
    (await lintAs(file, code)).map((m) => m.ruleId).filter((r) => r !== 'no-console');

  it('a function over 80 lines is refused anywhere code is: the app, the stack, scripts, tests’ helpers', async () => {
    for (const file of ['src/lib/x.ts', 'supabase/local/services/x/x.mjs', 'scripts/x.mjs', 'tests/e2e/x.ts']) {
      expect(await rules(file, fn(81)), file).toEqual(['max-lines-per-function']);
      expect(await rules(file, fn(80)), file).toEqual([]);
    }
  });

  it('a test file’s describe block is a list of cases, not a unit', async () => {
    const block = `describe('x', () => {\n${Array.from({ length: 90 }, (_, i) => `  it('${i}', () => {});`).join('\n')}\n});\n`;
    expect(await rules('src/lib/x.test.ts', `import { describe, it } from 'vitest';\n${block}`)).toEqual([]);
  });
});
