// @vitest-environment node
// A test's helpers sit in its own file, in a testing/ folder (src/testing, or one beside a local
// service) or in tests/: nothing shipped, nor the local stack `npm start` runs, imports a test
// runner, a test library or such a helper.
import { describe, expect, it } from 'vitest';
import { TEST_ONLY_MESSAGE } from '../../eslint.config.js';
import { lintAs } from './repo-lint';

const REFUSED = [expect.stringContaining(TEST_ONLY_MESSAGE)];

const refusals = async (file: string, code: string) =>
  (await lintAs(file, code)).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

describe('test helpers', () => {
  it('product code, the worker, the extension, the local stack and the tools import no test runner or library', async () => {
    const code = "import { vi } from 'vitest';\nexport const f = vi.fn();\n";
    for (const file of ['src/features/shareholder/x.ts', 'sw/x.ts', 'extension/src/x.ts', 'scripts/x.mjs']) {
      expect(await refusals(file, code), file).toEqual(REFUSED);
    }
    expect(
      await refusals('supabase/local/services/voice/x.ts', "import WS from 'fake-indexeddb';\nexport const w = WS;\n"),
    ).toEqual(REFUSED);
    expect(
      await refusals('src/ui/x.tsx', "import { screen } from '@testing-library/react';\nexport const s = screen;\n"),
    ).toEqual(REFUSED);
  });

  it('nor a helper from a testing/ folder', async () => {
    const code = "import { localUserData } from '../../testing/local-data';\nexport const l = localUserData;\n";
    expect(await refusals('src/features/shareholder/x.ts', code)).toEqual(REFUSED);
  });

  it('tests and testing/ folders may', async () => {
    const code =
      "import { vi } from 'vitest';\nimport { localUserData } from '../../testing/local-data';\nexport const f = [vi, localUserData];\n";
    expect(await refusals('src/features/shareholder/x.test.tsx', code)).toEqual([]);
    expect(await refusals('src/testing/x.ts', "import { vi } from 'vitest';\nexport const f = vi.fn();\n")).toEqual([]);
    expect(
      await refusals(
        'supabase/local/services/voice/testing/x.ts',
        "import { vi } from 'vitest';\nexport const f = vi.fn();\n",
      ),
    ).toEqual([]);
  });
});
