// Reading the JSON a portal embeds in its page: a script's JSON, or an object literal inside
// JavaScript (`window.PAGE_MODEL = {...};`), taken as text and parsed, never run.

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value[a][b]…`, or undefined where the path breaks. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The first of several values that is there (not null, undefined or ''). */
export const firstOf = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');

/** JSON.parse, or undefined. */
export function parse(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The balanced `{…}` starting at `start` in `text` (strings and escapes respected), or null. */
export function objectAt(text: string, start: number): string | null {
  if (text[start] !== '{') return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/** The object assigned to `name` in an inline script (`name = {...}`), parsed as JSON. */
export function assignedObject(doc: Document, name: string): unknown {
  for (const script of Array.from(doc.querySelectorAll('script:not([src])'))) {
    const text = script.textContent ?? '';
    const at = text.indexOf(name);
    if (at === -1) continue;
    const brace = text.indexOf('{', at + name.length);
    const between = text.slice(at + name.length, brace);
    if (brace === -1 || !/^\s*=\s*$/.test(between)) continue;
    const value = parse(objectAt(text, brace));
    if (value !== undefined) return value;
  }
  return undefined;
}
