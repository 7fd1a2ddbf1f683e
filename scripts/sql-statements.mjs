// @ts-check
// Splits a SQL file into its statements, as Postgres would read them: a semicolon ends a statement
// unless it is inside a comment, a string, a quoted name or a dollar-quoted body. Each statement
// keeps the comment lines above it, so a generated migration carries the explanation along.

/**
 * @typedef {{ text: string, code: string, line: number }} Statement
 *   text: everything since the previous statement (blank lines, comments), up to and including its
 *   semicolon; code: the statement alone; line: the line (1-based) where its code starts.
 */

/** @param {string} sql @param {number} i @returns {number} the index after the token starting at i */
function skipToken(sql, i) {
  const c = sql[i];
  const next = sql[i + 1];
  if (c === '-' && next === '-') {
    const end = sql.indexOf('\n', i);
    return end < 0 ? sql.length : end + 1;
  }
  if (c === '/' && next === '*') {
    // Block comments nest in Postgres.
    let depth = 0;
    let j = i;
    while (j < sql.length) {
      if (sql.startsWith('/*', j)) {
        depth++;
        j += 2;
      } else if (sql.startsWith('*/', j)) {
        j += 2;
        if (--depth === 0) return j;
      } else j++;
    }
    throw new Error('unterminated /* comment');
  }
  if (c === "'") {
    // E'...' strings escape with backslashes; standard strings only with ''.
    const escapes = /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
    for (let j = i + 1; j < sql.length; j++) {
      if (escapes && sql[j] === '\\') j++;
      else if (sql[j] === "'" && sql[j + 1] === "'") j++;
      else if (sql[j] === "'") return j + 1;
    }
    throw new Error('unterminated string');
  }
  if (c === '"') {
    for (let j = i + 1; j < sql.length; j++) {
      if (sql[j] === '"' && sql[j + 1] === '"') j++;
      else if (sql[j] === '"') return j + 1;
    }
    throw new Error('unterminated quoted name');
  }
  if (c === '$') {
    // $tag$ ... $tag$; `$1` (a parameter) is not a quote.
    const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0];
    if (tag && !/\w/.test(sql[i - 1] ?? '')) {
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) throw new Error(`unterminated ${tag} body`);
      return end + tag.length;
    }
  }
  return i + 1;
}

const isCommentStart = (/** @type {string} */ sql, /** @type {number} */ i) =>
  sql.startsWith('--', i) || sql.startsWith('/*', i);

/**
 * @param {string} sql
 * @returns {Statement[]}
 */
export function splitStatements(sql) {
  /** @type {Statement[]} */
  const statements = [];
  let start = 0;
  /** @type {number | undefined} */
  let codeStart;
  let i = 0;
  const lineAt = (/** @type {number} */ at) => sql.slice(0, at).split('\n').length;
  while (i < sql.length) {
    const c = sql[i] ?? '';
    if (codeStart === undefined && !/\s/.test(c) && !isCommentStart(sql, i)) codeStart = i;
    if (c === ';') {
      if (codeStart !== undefined) {
        statements.push({
          text: sql.slice(start, i + 1),
          code: sql.slice(codeStart, i + 1),
          line: lineAt(codeStart),
        });
      }
      start = i + 1;
      codeStart = undefined;
      i++;
      continue;
    }
    try {
      i = skipToken(sql, i);
    } catch (error) {
      throw new Error(`line ${lineAt(i)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  if (codeStart !== undefined) throw new Error(`line ${lineAt(codeStart)}: a statement without its final semicolon`);
  return statements;
}
