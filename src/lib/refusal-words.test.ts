import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  columnOfRule,
  errorWords,
  FAILURE_WORDS,
  failureWords,
  refusalMessage,
  refusalSentence,
  ruleAfterColumn,
  rowRefusalMessage,
} from './refusal-words';

const root = path.resolve(import.meta.dirname, '../..');
const sqlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sqlFiles(path.join(dir, d.name)) : d.name.endsWith('.sql') ? [path.join(dir, d.name)] : [],
  );
const sql = [...sqlFiles(path.join(root, 'supabase/schemas')), ...sqlFiles(path.join(root, 'supabase/migrations'))]
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

/** Every rule the server names in a refusal: raised exceptions, and the tables' named constraints. */
const raised = [...new Set([...sql.matchAll(/raise exception '([a-z][a-z0-9_]+):/g)].map((m) => m[1]!))];
const constraints = [
  ...new Set(
    [...sql.matchAll(/constraint ([a-z][a-z0-9_]+_[a-z0-9_]+)\s+(?:check|unique|references|not null)/g)].map(
      (m) => m[1]!,
    ),
  ),
];
const snakeCase = /\b[a-z0-9]+_[a-z0-9_]+\b/;

describe('refusal words', () => {
  it('finds the rules it checks (the walk of supabase/ works)', () => {
    expect(raised).toEqual(expect.arrayContaining(['share_subscriptions_signed_is_immutable', 'sync_unknown_table']));
    expect(raised.length).toBeGreaterThan(15);
    expect(constraints.length).toBeGreaterThan(40);
  });

  it.each([...raised, ...constraints])('%s has words, and they name no rule, column or function', (rule) => {
    for (const code of ['P0001', '23514', '23505', '42501', '22023', null]) {
      const said = { message: `${rule}: some detail from Postgres`, code, constraint: null };
      for (const words of [refusalMessage('The name', said), refusalSentence(said), errorWords(said.message)]) {
        expect(words).not.toMatch(snakeCase);
      }
      const named = { message: 'new row violates check constraint', code, constraint: rule };
      expect(refusalMessage('The name', named)).not.toMatch(snakeCase);
    }
  });

  it("says the issue's refusals in words", () => {
    const immutable = {
      message: 'share_subscriptions_signed_is_immutable: a signed share subscription cannot be changed',
      code: 'P0001',
      constraint: null,
    };
    expect(refusalMessage('The signature', immutable)).toBe(
      'This subscription has been signed, so it can no longer be changed. What you typed since is kept on this device.',
    );
    expect(
      errorWords(
        'share_subscriptions_signed_cannot_return_to_draft: a signed share subscription cannot go back to draft',
      ),
    ).toBe(refusalSentence(immutable));
    expect(
      rowRefusalMessage({ message: 'permission denied for table saved_properties', code: '42501', constraint: null }),
    ).toBe('This change is not allowed for this account, so it was not saved.');
    // A request that failed for want of a network keeps its own words.
    expect(errorWords('Failed to fetch')).toBe('Failed to fetch');
  });

  it('points at no other place: the words are said on pages without Sync details too', () => {
    for (const rule of [...raised, ...constraints]) {
      const said = { message: `${rule}: x`, code: '23514', constraint: rule };
      expect(refusalMessage('The name', said), rule).not.toMatch(/Sync details/);
    }
  });

  it('finds the column a rule is about, the longest name that fits', () => {
    const columns = ['subscriber', 'subscriber_phone', 'website_url'];
    expect(columnOfRule('share_subscriptions', 'share_subscriptions_subscriber_phone_format', columns)).toBe(
      'subscriber_phone',
    );
    expect(columnOfRule('agent_assessments', 'agent_assessments_website_url_is_http_url', columns)).toBe('website_url');
    expect(columnOfRule('demo_requests', 'saved_properties_title_at_most_500_chars', columns)).toBeNull();
    expect(columnOfRule('demo_requests', null, columns)).toBeNull();
    expect(ruleAfterColumn('demo_requests', 'phone', 'demo_requests_phone_at_least_10_chars')).toBe(
      'at_least_10_chars',
    );
  });
});

describe('failures that are not refusals, in words', () => {
  it.each([
    ['Database connection error. Retrying the connection.', FAILURE_WORDS.databaseAway],
    [
      'Could not connect with the database due to an incorrect db-uri or due to the PostgreSQL service not running.',
      FAILURE_WORDS.databaseAway,
    ],
    ['QuotaExceededError', FAILURE_WORDS.storageFull],
    [
      'QuotaExceededError Encountered full disk while opening backing store for indexedDB.open.',
      FAILURE_WORDS.storageFull,
    ],
  ])('%s', (message, words) => {
    expect(errorWords(message)).toBe(words);
    expect(failureWords(new Error(message))).toBe(words);
  });

  it("a full device's DOMException, whatever its message", () => {
    expect(failureWords(new DOMException('The operation failed.', 'QuotaExceededError'))).toBe(
      FAILURE_WORDS.storageFull,
    );
  });

  it('leaves any other message as it was said', () => {
    expect(errorWords('permission denied for table saved_properties')).toBe(
      'permission denied for table saved_properties',
    );
    expect(errorWords('Failed to fetch Gmail accounts')).toBe('Failed to fetch Gmail accounts');
  });
});
