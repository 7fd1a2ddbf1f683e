// @ts-check
// Docs that point nowhere: in every Markdown file git knows of, a relative link whose file is not
// there or whose #anchor is no heading of it; and in the docs (docs/, README.md, CONTRIBUTING.md)
// a `backticked/repo/path.ts` that is not there. Each problem is printed as `file:line: message`;
// any problem fails the run (exit 1).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

// Made by a build, a test run or `npm start`, not written: not checked, and a path into them is
// taken as it is (the folder is not there before the build).
const GENERATED = [
  'node_modules/',
  'dist/',
  'dist-e2e/',
  'dist-extension/',
  'styled-system/',
  'test-results/',
  'playwright-report/',
  '.data/',
  '.deno/',
];

// What a backticked repo path ends in. A name without one (`src/sync`, `lib/format`) may be a
// folder or a module named without its extension, so it is left alone.
const FILE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|sql|md|json|sh|yml|yaml|toml|html|css)$/;

// Files an ADR names as they were when it was decided, moved or removed since by a later decision
// that says so. An accepted ADR is not rewritten, so there the old name stands (nowhere else).
const HISTORICAL = new Map([
  ['supabase/local/cli.mjs', 'moved to scripts/start.mjs, as ADR 018 itself says'],
  ['src/sync/last-push.ts', "019's page-going push, replaced by src/sync/page-going-push.ts (ADR 030)"],
]);

/** @typedef {{ file: string, line: number, message: string }} Problem */
/**
 * @typedef {object} Repo
 * @property {(p: string) => boolean} exists a repo path (no leading slash) is a file or folder
 * @property {(p: string) => string | null} read a Markdown file's text, null when there is none
 * @property {string[]} files every file's repo path
 */

/**
 * A heading's anchor as GitHub makes it: the text as shown (no link targets, no emphasis marks),
 * lowercased, every character but letters, digits, '-', '_' and spaces removed (GitHub keeps '_'
 * too), each space a '-'.
 * @param {string} heading
 */
export function slug(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\- _]/gu, '')
    .replace(/ /g, '-');
}

/**
 * The lines of a Markdown text with fenced code blocks blanked (a link or path there is an
 * example, not a reference), so line numbers still count from the top.
 * @param {string} text
 */
function proseLines(text) {
  /** @type {string | null} */
  let fence = null;
  return text.split('\n').map((line) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (open && open[0] === fence[0] && open.length >= fence.length) fence = null;
      return '';
    }
    if (open) {
      fence = open;
      return '';
    }
    return line;
  });
}

/**
 * Every anchor a Markdown text offers: its headings' slugs (a repeated one gets -1, -2, …, as on
 * GitHub) and the ids of `<a id>` / `<a name>` tags.
 * @param {string} text
 */
export function anchorsOf(text) {
  /** @type {Set<string>} */
  const anchors = new Set();
  /** @type {Map<string, number>} */
  const seen = new Map();
  const lines = proseLines(text);
  lines.forEach((line, i) => {
    const atx = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    const setext = i > 0 && /^\s{0,3}(=+|-+)\s*$/.test(line) && /\S/.test(lines[i - 1] ?? '') ? lines[i - 1] : null;
    const heading = atx?.[1] ?? (setext && !/^\s*([-*+]\s|\|)/.test(setext) ? setext.trim() : null);
    if (heading != null) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/gi)) if (m[1]) anchors.add(m[1]);
  });
  return anchors;
}

/** `text` with its inline code spans blanked, and the spans themselves. @param {string} line */
function splitCode(line) {
  /** @type {string[]} */
  const spans = [];
  const prose = line.replace(/(`+)(.+?)\1/g, (all, _ticks, code) => {
    spans.push(String(code).trim());
    return ' '.repeat(all.length);
  });
  return { prose, spans };
}

/** `%20` and the like decoded; a malformed escape left as written. @param {string} s */
function decoded(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Where a link or path of `file` leads, as a repo path ('' for the repo's root). */
function resolve(/** @type {string} */ file, /** @type {string} */ target) {
  const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(file), target);
  return path.posix.normalize(joined).replace(/\/$/, '').replace(/^\.$/, '');
}

/** The docs whose backticked paths are held to the tree. @param {string} file */
export const namesPaths = (file) => file.startsWith('docs/') || file === 'README.md' || file === 'CONTRIBUTING.md';

/**
 * The problems of one Markdown file.
 * @param {string} file its repo path
 * @param {string} text
 * @param {Repo} repo
 * @returns {Problem[]}
 */
export function findProblems(file, text, repo) {
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Map<string, Set<string> | null>} */
  const anchorCache = new Map();
  const anchorsIn = (/** @type {string} */ target) => {
    if (!anchorCache.has(target)) {
      const body = target === file ? text : repo.read(target);
      anchorCache.set(target, body == null ? null : anchorsOf(body));
    }
    return anchorCache.get(target) ?? null;
  };
  const generated = (/** @type {string} */ p) => GENERATED.some((g) => `${p}/`.startsWith(g));

  proseLines(text).forEach((raw, i) => {
    const line = i + 1;
    const { prose, spans } = splitCode(raw);
    const targets = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1] ?? ''),
      ...[...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/g)].map((m) => m[1] ?? ''),
    ];
    for (const link of targets) {
      // Another site or a mail address: not a file here. '/x' is x from the repo's root, as on GitHub.
      if (link === '' || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(link)) continue;
      const [rawPath = '', anchor] = link.split('#', 2);
      const target = rawPath === '' ? file : resolve(file, decoded(rawPath));
      if (rawPath !== '' && generated(target)) continue;
      if (rawPath !== '' && !repo.exists(target)) {
        problems.push({ file, line, message: `link to ${rawPath}: no such file (${target})` });
        continue;
      }
      if (anchor && /\.md$/i.test(target)) {
        const anchors = anchorsIn(target);
        if (anchors && !anchors.has(decoded(anchor).toLowerCase())) {
          problems.push({ file, line, message: `link to ${link}: no heading #${anchor} in ${target}` });
        }
      }
    }
    if (!namesPaths(file)) return;
    for (const span of spans) {
      const named = span.replace(/:\d+(?::\d+)?$/, '').replace(/^\.\//, '');
      if (!named.includes('/') || !FILE_EXTENSIONS.test(named) || /[*<{$\s]/.test(named)) continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(named) || generated(named.replace(/^\//, ''))) continue;
      if (file.startsWith('docs/decisions/') && HISTORICAL.has(named)) continue;
      // A repo path, one relative to the doc, or the end of one: prose that has named the folder
      // says `stack/gateway.mjs` for supabase/local/stack/gateway.mjs.
      if (repo.exists(named.replace(/^\//, '')) || repo.exists(resolve(file, named))) continue;
      if (repo.files.some((f) => f.endsWith(`/${named}`))) continue;
      problems.push({ file, line, message: `\`${span}\`: no such file` });
    }
  });
  return problems;
}

/** The repo's files: tracked or new (not ignored), outside generated folders. @param {string} root */
export function repoFiles(root = ROOT) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = out.split('\0').filter((f) => f !== '' && !GENERATED.some((g) => `${f}/`.startsWith(g)));
  return [...new Set(files)].filter((f) => existsSync(path.join(root, f))).sort();
}

/** Every problem of the repo at `root`. @param {string} root */
export function checkRepo(root = ROOT) {
  const files = repoFiles(root);
  /** @type {Repo} */
  const repo = {
    files,
    exists: (p) => existsSync(path.join(root, p)),
    read: (p) => {
      const full = path.join(root, p);
      return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : null;
    },
  };
  const markdown = files.filter((f) => f.endsWith('.md'));
  return markdown.flatMap((file) => findProblems(file, readFileSync(path.join(root, file), 'utf8'), repo));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkRepo();
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} broken link(s) or path(s) in the docs.`);
    process.exit(1);
  }
}
