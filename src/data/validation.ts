// Every write to the app's collections is checked against its schema before it is stored, so a bad
// local write is refused with a clear message before it can sit in the outbox. The validators were
// compiled ahead of time (scripts/rx-validators.ts): nothing here needs eval (ADR 033).
import { wrappedValidateStorageFactory, type RxJsonSchema, type RxStorage, type RxValidationError } from 'rxdb';
import { VALIDATORS } from '../generated/rx-validators.gen';

// Ajv's errors ({ instancePath, message, … }), as RxDB's own Ajv plugin passes them on.
type Validate = (doc: unknown) => RxValidationError[];

const valid: Validate = () => [];

/**
 * The validator of `schema`. A collection's earlier version, opened only to migrate its documents
 * to the current one, is not checked: those documents are on their way out of it.
 */
export function validatorOf(schema: RxJsonSchema<unknown>): Validate {
  const compiled = schema.title === undefined ? undefined : VALIDATORS[schema.title];
  if (compiled && schema.version < compiled.version) return valid;
  if (!compiled || schema.version !== compiled.version) {
    throw new Error(`No validator was compiled for ${schema.title} v${schema.version}: run npm run gen:validators`);
  }
  const { validate } = compiled;
  return (doc) => (validate(doc) ? [] : ((validate.errors ?? []) as RxValidationError[]));
}

const withValidation = wrappedValidateStorageFactory(validatorOf, 'compiled');

/**
 * `storage` with the app's collections validated. RxDB's own stores (its internal one, the
 * replication's checkpoints, local documents), titled Rx…, are written by RxDB alone.
 */
export function validatedStorage(storage: RxStorage<unknown, unknown>): RxStorage<unknown, unknown> {
  const validated = withValidation({ storage });
  return {
    ...validated,
    createStorageInstance: (params) =>
      params.schema.title?.startsWith('Rx')
        ? storage.createStorageInstance(params)
        : validated.createStorageInstance(params),
  };
}
