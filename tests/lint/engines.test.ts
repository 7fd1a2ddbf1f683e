// @vitest-environment node
// The README's Node floor must be true: every installed package accepts the lowest Node of each
// range package.json's `engines` names, so `npm ci` on that Node prints no EBADENGINE warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

type Lock = {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
};
const pkg = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as Lock;

/** The lowest version of each `||` branch of a range: "^20.19.0 || >=22.13.0" → 20.19.0, 22.13.0. */
export function floorsOf(range: string): string[] {
  return range.split('||').map((branch) => {
    const floor = semver.minVersion(branch.trim());
    if (!floor) throw new Error(`no lowest version in "${branch}"`);
    return floor.version;
  });
}

/** The installed packages that refuse `node`, as "path@version needs range". An optional package
 *  (a native build for one platform) that refuses is left out by npm without a warning. */
export function refusing(packages: Lock['packages'], node: string): string[] {
  return Object.entries(packages).flatMap(([where, entry]) => {
    const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!where || entry.optional || !wanted || semver.satisfies(node, wanted)) return [];
    return [`${where}@${entry.version ?? '?'} needs node ${wanted}`];
  });
}

describe('the Node floor', () => {
  const floors = floorsOf(pkg.engines.node);

  it('is 20.19 and 22.13, as the README says', () => {
    expect(floors).toEqual(['20.19.0', '22.13.0']);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain('Node.js 20.19+ (or 22.13+)');
  });

  it.each(floors)('Node %s is accepted by every installed package', (node) => {
    expect(refusing(lock.packages, node)).toEqual([]);
  });

  it('a package that wants a higher Node is found', () => {
    const packages: Lock['packages'] = {
      '': { version: '0.1.0', engines: { node: pkg.engines.node } },
      'node_modules/machina': { version: '7.0.1', engines: { node: '>=22.22' } },
      'node_modules/old': { version: '1.0.0', engines: { node: '>=16' } },
      'node_modules/native-x64': { version: '1.0.0', optional: true, engines: { node: '>=25' } },
    };
    expect(refusing(packages, '20.19.0')).toEqual(['node_modules/machina@7.0.1 needs node >=22.22']);
    expect(refusing(packages, '22.13.0')).toEqual(['node_modules/machina@7.0.1 needs node >=22.22']);
  });
});
