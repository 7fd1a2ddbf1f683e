// The validators the app runs were compiled from the schemas it opens (scripts/rx-validators.ts),
// and check a document as RxDB's own Ajv validator does, compiled at run time, would.
import { fillWithDefaultSettings, type RxJsonSchema } from 'rxdb';
import { getValidator as ajvValidatorOf } from 'rxdb/plugins/validate-ajv';
import { describe, expect, it } from 'vitest';
import { validatorsModule } from '../../scripts/rx-validators';
import { VALIDATED_SCHEMAS } from '../../src/data/database';
import { validatorOf } from '../../src/data/validation';
import { savedPropertySchema, shareSubscriptionSchema } from '../../src/data/schemas';

const filled = (schema: RxJsonSchema<unknown>) => fillWithDefaultSettings(schema) as RxJsonSchema<unknown>;

const property = {
  id: '5f0c1c1e-5d7a-4a53-9b8e-1b2f3c4d5e6f',
  user_id: '6a1d2e3f-4b5c-4d6e-8f70-81a2b3c4d5e6',
  title: 'A house with a garden 🏡',
  address: '1 Long Road, Leeds',
  price: 250000,
  bedrooms: 3,
  property_type: 'Semi-detached',
  key_features: ['Garden'],
  agent_name: null,
  agency_name: null,
  listing_url: null,
  portal: 'rightmove',
  portal_id: '123',
  created_at: '2026-11-30T00:00:00.000Z',
  updated_at: '2026-11-30T00:00:00.000Z',
  _deleted: false,
  _rev: '1-a',
  _meta: { lwt: 1 },
  _attachments: {},
};

describe('the compiled validators', () => {
  it('are those of the schemas the app opens today (npm run gen:validators writes them)', async () => {
    await expect(validatorsModule(VALIDATED_SCHEMAS)).toMatchFileSnapshot('../../src/generated/rx-validators.gen.ts');
  });

  it('use no eval and import nothing', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile('src/generated/rx-validators.gen.ts', 'utf8');
    expect(source).not.toMatch(/\bFunction\(|\beval\(|\brequire\(|^import /m);
  });

  const cases: [string, RxJsonSchema<unknown>, Record<string, unknown>][] = [
    ['a valid property', savedPropertySchema as RxJsonSchema<unknown>, property],
    ['a negative price', savedPropertySchema as RxJsonSchema<unknown>, { ...property, price: -1 }],
    ['an unknown portal', savedPropertySchema as RxJsonSchema<unknown>, { ...property, portal: 'onthemarket' }],
    ['a field the schema lacks', savedPropertySchema as RxJsonSchema<unknown>, { ...property, colour: 'red' }],
    ['features that are not strings', savedPropertySchema as RxJsonSchema<unknown>, { ...property, key_features: [1] }],
    ['a draft without its id', shareSubscriptionSchema as RxJsonSchema<unknown>, { number_of_shares: 7 }],
  ];
  it.each(cases)('answer %s as Ajv compiled at run time does', (_name, schema, doc) => {
    expect(validatorOf(filled(schema))(doc)).toEqual(ajvValidatorOf(filled(schema))(doc));
  });

  it('refuse a bad document with what is wrong', () => {
    expect(validatorOf(filled(savedPropertySchema as RxJsonSchema<unknown>))({ ...property, price: -1 })).toEqual([
      expect.objectContaining({ instancePath: '/price', message: 'must be >= 0' }),
    ]);
  });

  it("count a text's length in characters, as Postgres does", () => {
    const schema = filled(savedPropertySchema as RxJsonSchema<unknown>);
    // The id's maxLength is 36: 36 emoji are 72 UTF-16 units, but 36 characters.
    expect(validatorOf(schema)({ ...property, id: '🏡'.repeat(36) })).toEqual([]);
    expect(validatorOf(schema)({ ...property, id: '🏡'.repeat(37) })).toEqual([
      expect.objectContaining({ instancePath: '/id', keyword: 'maxLength' }),
    ]);
  });

  it('pass a collection’s earlier version, opened only to migrate its documents away', () => {
    const earlier = { ...savedPropertySchema, version: savedPropertySchema.version - 1 } as RxJsonSchema<unknown>;
    expect(validatorOf(filled(earlier))({ anything: true })).toEqual([]);
  });

  it('refuse to run a schema nobody compiled', () => {
    const later = { ...savedPropertySchema, version: savedPropertySchema.version + 1 } as RxJsonSchema<unknown>;
    expect(() => validatorOf(filled(later))).toThrow('No validator was compiled for saved_properties v2');
  });
});
