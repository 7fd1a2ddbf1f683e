// @ts-check
// `npm run lint` part two, what ESLint cannot see:
// - no import cycle anywhere in the repo's TypeScript and JavaScript, counting what ESLint's
//   no-cycle does not: `import type` and `import()`. A cycle means two modules are one; even a
//   type-only one makes a reader open both to understand either;
// - no SQL declaration file (supabase/schemas) over the line limit ESLint holds the code to.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { MAX_LINES } from '../eslint.config.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
// Deno's functions import `npm:` specifiers and are checked by `deno check`; generated files import
// what they are generated from.
const SKIP = [/^supabase\/functions\//, /\.gen\.ts$/, /^styled-system\//];

const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/**
 * The modules each file imports (statically, for types only, or dynamically), as repo paths.
 * @param {string[]} files repo-relative paths
 * @param {(file: string) => string} read
 * @param {string} root
 * @returns {Map<string, string[]>}
 */
export function importGraph(files, read, root = ROOT) {
  const known = new Set(files);
  // Modules are resolved among `files` (read through `read`), as the bundler would find them.
  /** @type {ts.ModuleResolutionHost} */
  const host = {
    fileExists: (name) => known.has(path.relative(root, name)),
    readFile: (name) => (known.has(path.relative(root, name)) ? read(path.relative(root, name)) : undefined),
  };
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(read(file), true, true);
    const targets = [];
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(fileName, path.join(root, file), options, host).resolvedModule;
      const target = resolved ? path.relative(root, resolved.resolvedFileName) : null;
      if (target && known.has(target) && target !== file) targets.push(target);
    }
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of `graph`: each a list of files, the first imported by the last (Tarjan's strongly
 * connected components, so each tangle is reported once).
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  let index = 0;
  /** @type {Map<string, number>} */ const order = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const cycles = [];
  /** @param {string} node */
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, order.get(next) ?? 0));
    }
    if (low.get(node) !== order.get(node)) return;
    /** @type {string[]} */ const component = [];
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.reverse());
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return cycles;
}

/** The repo's own source files (tracked or new, never ignored ones). */
function sourceFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => SOURCE.test(f) && !SKIP.some((skip) => skip.test(f)))
    .filter((f) => {
      try {
        readFileSync(path.join(ROOT, f));
        return true;
      } catch {
        return false; // deleted in the work tree, not yet in git
      }
    });
}

/** SQL files that say too much in one place: [file, lines]. */
function longSqlFiles() {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'supabase/schemas'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => f.endsWith('.sql'))
    .map((f) => /** @type {const} */ ([f, readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1]))
    .filter(([, lines]) => lines > MAX_LINES);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const long = longSqlFiles();
  for (const [file, lines] of long) console.error(`${file}: ${lines} lines, more than ${MAX_LINES}: split it.`);
  const files = sourceFiles();
  const cycles = findCycles(importGraph(files, (f) => readFileSync(path.join(ROOT, f), 'utf8')));
  for (const cycle of cycles) {
    console.error(`Import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  }
  if (cycles.length > 0) {
    console.error(
      `\n${cycles.length} import cycle(s), counting type-only and dynamic imports. Break each: move what both modules need into a third module that imports neither, or pass it in as an argument.`,
    );
  }
  if (cycles.length > 0 || long.length > 0) process.exit(1);
  console.log(`No import cycles among ${files.length} files; no SQL declaration over ${MAX_LINES} lines.`);
}
