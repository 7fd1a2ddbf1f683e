// The app's RxDB validators, compiled by Ajv here, ahead of time, into plain functions
// (src/generated/rx-validators.gen.ts): Ajv compiling them in the browser needs Function(), which
// the Content-Security-Policy refuses (no 'unsafe-eval'; ADR 033). `npm run gen:validators` writes
// the file; tests/lint/rx-validators.test.ts fails when it is stale.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';

/** The keywords of RxDB's schemas that are not JSON Schema's, as RxDB's own Ajv plugin adds them. */
const RXDB_KEYWORDS = [
  'version',
  'keyCompression',
  'primaryKey',
  'indexes',
  'encrypted',
  'final',
  'sharding',
  'internalIndexes',
  'attachments',
  'ref',
  'crdt',
];

// Ajv's only runtime helper these schemas need: maxLength counted in characters (code points), as
// Postgres counts them. Inlined, so the module imports nothing.
const UCS2LENGTH = 'require("ajv/dist/runtime/ucs2length").default';
const CODE_POINTS = '((s) => { let n = 0; for (const _ of s) n++; return n; })';

/** The module's source: one validator per schema, keyed by title, with the version it was compiled for. */
export function validatorsModule(schemas: readonly RxJsonSchema<unknown>[]): string {
  const ajv = new Ajv({ strict: true, code: { source: true, esm: true } });
  for (const keyword of RXDB_KEYWORDS) ajv.addKeyword(keyword);
  const exports: Record<string, string> = {};
  for (const schema of schemas) {
    const name = `v_${schema.title ?? ''}`;
    ajv.addSchema(fillWithDefaultSettings(schema), name);
    exports[name] = name;
  }
  const code = standalone(ajv, exports).replaceAll(UCS2LENGTH, CODE_POINTS);
  const left = /require\([^)]*\)/.exec(code);
  if (left) throw new Error(`A validator needs Ajv's runtime (${left[0]}): inline it in scripts/rx-validators.ts`);
  const entries = schemas.map(
    (s) => `  ${JSON.stringify(s.title)}: { version: ${s.version}, validate: v_${s.title} },`,
  );
  return [
    "// Written by `npm run gen:validators` (scripts/rx-validators.ts) from the app's RxDB schemas. Do not edit.",
    '// @ts-nocheck',
    code.replace(/^"use strict";/, ''),
    '',
    'export interface CompiledValidator {',
    '  version: number;',
    '  validate: ((doc: unknown) => boolean) & { errors?: unknown[] | null };',
    '}',
    '',
    'export const VALIDATORS: Record<string, CompiledValidator> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
