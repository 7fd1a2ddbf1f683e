// @vitest-environment node
// tests/chromium.ts repeats Playwright's --disable-features list in its own switch (Chromium keeps
// only the last one): the repetition must be Playwright's list as installed, and one switch only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../chromium';

const require = createRequire(import.meta.url);
const bundle = path.join(path.dirname(require.resolve('playwright-core/package.json')), 'lib/coreBundle.js');

/** The feature names of playwright-core's `disabledFeatures = [...]`, as its chromiumSwitches has them. */
export function playwrightDisabledFeatures(source: string): string[] {
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(source)?.[1];
  if (list === undefined) throw new Error('no disabledFeatures list in playwright-core');
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
}

describe('the Chromium switches', () => {
  it('repeat the --disable-features list of the installed Playwright', () => {
    const installed = playwrightDisabledFeatures(readFileSync(bundle, 'utf8'));
    expect(installed.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(installed);
  });

  it('name --disable-features once, with Playwright’s features in it', () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const named = switches[0]?.slice('--disable-features='.length).split(',') ?? [];
    expect(named).toEqual(expect.arrayContaining(PLAYWRIGHT_DISABLED_FEATURES));
  });

  it('read the list from source as Playwright writes it', () => {
    const source = 'disabledFeatures = [\n  // why\n  "A",\n  // "NotThis"\n  "B"\n].filter(Boolean);';
    expect(playwrightDisabledFeatures(source)).toEqual(['A', 'B']);
  });
});
