// @vitest-environment node
// Docs that point nowhere (scripts/check-links.mjs): a relative link to a file that is not there
// or to a heading it lacks, and a backticked repo path in the docs that is not there.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, checkRepo, findProblems, slug } from '../../scripts/check-links.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A repo held in memory: its files and their texts. */
function repoOf(files: Record<string, string>) {
  const names = Object.keys(files);
  return {
    files: names,
    exists: (p: string) => names.some((f) => f === p || f.startsWith(`${p}/`)),
    read: (p: string) => files[p] ?? null,
  };
}

const repo = repoOf({
  'docs/product/sync.md': '# Sync\n\n## Removals\n\n## Final states — what stands\n\n## Removals\n',
  'docs/decisions/003-sync.md': '# 003\n',
  'src/sync/merge.ts': '',
});
const problemsOf = (file: string, text: string) => findProblems(file, text, repo).map((p) => `${p.line}: ${p.message}`);

describe('GitHub heading anchors', () => {
  it('are lowercased, lose punctuation but hyphens and underscores, and turn spaces into hyphens', () => {
    expect(slug('Final states — what stands')).toBe('final-states--what-stands');
    expect(slug('The `sync_push` RPC, step 2!')).toBe('the-sync_push-rpc-step-2');
    expect(slug('See [ADR 013](013.md)')).toBe('see-adr-013');
  });

  it('a repeated heading gets -1, and a fenced block holds no heading', () => {
    expect([...anchorsOf('# A\n\n```\n# not a heading\n```\n\n# A\n')]).toEqual(['a', 'a-1']);
  });
});

describe('links', () => {
  it('a link to a file that is not there is reported', () => {
    expect(problemsOf('docs/decisions/034-x.md', 'See [sync](../product/synk.md).')).toEqual([
      '1: link to ../product/synk.md: no such file (docs/product/synk.md)',
    ]);
  });

  it('an anchor that is no heading of its file is reported', () => {
    expect(problemsOf('docs/decisions/034-x.md', '\n[removals](../product/sync.md#removal)')).toEqual([
      '2: link to ../product/sync.md#removal: no heading #removal in docs/product/sync.md',
    ]);
    expect(problemsOf('docs/product/sync.md', '# Sync\n\n[below](#nowhere)')).toEqual([
      '3: link to #nowhere: no heading #nowhere in docs/product/sync.md',
    ]);
  });

  it('a good link and anchor pass, and so do other sites, a path from the root and examples in code', () => {
    const text = [
      '[removals](../product/sync.md#removals), [again](../product/sync.md#removals-1),',
      '[final](../product/sync.md#final-states--what-stands), [003](003-sync.md), [folder](../product/)',
      '[site](https://example.com/x.md), [mail](mailto:a@b.c), [from the root](/docs/product/sync.md)',
      '`[not a link](nowhere.md)`',
      '```',
      '[in a block](nowhere.md)',
      '```',
    ].join('\n');
    expect(problemsOf('docs/decisions/034-x.md', text)).toEqual([]);
  });
});

describe('backticked paths', () => {
  it('a stale path in a doc is reported; a present one, a partial one and a pattern pass', () => {
    const text = [
      'The merge (`src/data/conflict.ts`) is now `src/sync/merge.ts`, or `sync/merge.ts` here;',
      '`supabase/functions/<name>/index.ts`, `src/**/*.ts` and `src/sync` are not files.',
    ].join('\n');
    expect(problemsOf('docs/decisions/003-sync.md', text)).toEqual(['1: `src/data/conflict.ts`: no such file']);
  });

  it('are held only in the docs, README.md and CONTRIBUTING.md', () => {
    expect(problemsOf('src/generated/README.md', '`src/data/conflict.ts`')).toEqual([]);
    expect(problemsOf('CONTRIBUTING.md', '`src/data/conflict.ts`')).toHaveLength(1);
  });
});

describe('the repo', () => {
  it('has no broken link or stale path in its Markdown', () => {
    expect(checkRepo(root).map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([]);
  });
});
