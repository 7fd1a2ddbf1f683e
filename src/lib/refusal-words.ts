// Every refusal the server can send, in words: no screen, toast or header shows a constraint,
// column or function name (docs/product/messages.md#refusals). The one place a refusal becomes
// words, whether it came back from a sync push, an API call or an edge function. The server names
// its rule in the error's constraint, or as the message's first word
// ('share_subscriptions_signed_is_immutable: …'); a test walks every rule in supabase/ and checks
// each has words here (refusal-words.test.ts).

import { errorMessage } from './errors';

/** What a refusal says of itself: the server's message, SQLSTATE and rule, as far as known. */
export interface Said {
  message: string;
  code: string | null;
  constraint: string | null;
}

/** The server's name for the rule a refusal broke, or null. */
export function ruleOf({ constraint, message }: Pick<Said, 'constraint' | 'message'>): string | null {
  return constraint ?? /^([a-z][a-z0-9]*(?:_[a-z0-9]+)+):/.exec(message)?.[1] ?? null;
}

/**
 * The column a rule of `table` is about, among `columns` ('agent_assessments_website_url_is_http_url'
 * → 'website_url'): Postgres names no column for a CHECK. The longest name that fits wins
 * ('subscriber_phone' over 'subscriber'). Null when the rule is not about one of them.
 */
export function columnOfRule(table: string, rule: string | null, columns: readonly string[]): string | null {
  if (!rule?.startsWith(`${table}_`)) return null;
  const rest = rule.slice(table.length + 1);
  return columns.filter((c) => rest.startsWith(`${c}_`)).sort((a, b) => b.length - a.length)[0] ?? null;
}

/** What the rest of a column's rule says, for a form with words of its own ('at_most_200_chars'). */
export const ruleAfterColumn = (table: string, column: string, rule: string) =>
  rule.slice(table.length + 1 + column.length + 1);

// These words are said on pages with Sync details and without: they point at no other place.
const SIGNED =
  'This subscription has been signed, so it can no longer be changed. What you typed since is kept on this device.';
/** What the app sent was not something a device may send: kept here, nothing the person can fix. */
const NOT_FOR_DEVICES = 'This change could not be saved on the server. It is kept on this device.';

const ROW_WORDS: Record<string, (r: Said) => string> = {
  agent_assessments_link_expired: () =>
    'This link has expired — ask for a new one. Your answers are kept on this device.',
  agent_assessments_already_completed: (r) => {
    const on = /submitted on (.*?) and/.exec(r.message)?.[1];
    return `This assessment has already been submitted${on ? ` (${on})` : ''}, so it cannot be changed.`;
  },
  sync_id_taken: () => 'This record belongs to another account, so it was not saved.',
  // The app derives a draft's id as the server does, and a second draft is the same row.
  share_subscriptions_draft_id: () => NOT_FOR_DEVICES,
  share_subscriptions_one_open_draft: () =>
    'Your account already has a subscription draft in progress: open the subscription again to continue it.',
  // Never met by the app (it removes a row only once saved, and calls sync_push, not its helper).
  sync_removed_row_insert: () => NOT_FOR_DEVICES,
  sync_internal_function: () => NOT_FOR_DEVICES,
  sync_push_too_large: () => NOT_FOR_DEVICES,
  sync_read_only_column: () =>
    'This change touches something only we can set (such as a link’s expiry), so it was not saved.',
  agent_assessments_at_most_1000_per_creator: () =>
    'You have created 1,000 assessment links, the most one account can make.',
  share_subscriptions_at_most_20_per_user: () =>
    'This account already holds 20 share subscriptions: resume one instead of starting another.',
  saved_properties_at_most_5000_per_user: () =>
    'You have saved 5,000 properties, the most one account can keep: remove some to save more.',
  saved_properties_at_most_10000_stored: () =>
    'This account has stored 10,000 properties, removed ones included, the most it can keep, so this one was not saved.',
  share_subscriptions_at_most_100_stored: () =>
    'This account has stored 100 share subscriptions, removed ones included, the most it can keep, so this one was not saved.',
  share_subscriptions_signature_is_an_image: () =>
    'The signature could not be read as a picture, so it was not saved: clear it and sign again.',
  share_subscriptions_typed_signature_is_the_name: () =>
    'A typed signature must be your name as you gave it in step 1, so it was not saved.',
  share_subscriptions_signed_is_immutable: () => SIGNED,
  share_subscriptions_signed_cannot_return_to_draft: () => SIGNED,
  share_subscriptions_only_signed_can_be_cancelled: () => 'Only a signed subscription can be cancelled.',
  share_subscriptions_cancel_changes_only_status: () =>
    'A cancellation changes nothing else, so your other changes to this subscription were not saved.',
  share_subscriptions_cooling_off_over: (r) => {
    const on = /ended on (.+)$/.exec(r.message)?.[1];
    return `The cooling-off period has ended${on ? ` (${on})` : ''}, so this subscription can no longer be cancelled here.`;
  },
  // The app sends only 'drawn' or 'typed'.
  share_subscriptions_signature_method_values: () => NOT_FOR_DEVICES,
  sync_id_is_immutable: () => NOT_FOR_DEVICES,
  sync_bad_row: () => NOT_FOR_DEVICES,
  sync_bad_rows: () => NOT_FOR_DEVICES,
  sync_batch_too_large: () => NOT_FOR_DEVICES,
  sync_bad_checkpoint: () => NOT_FOR_DEVICES,
  sync_unknown_table: () => NOT_FOR_DEVICES,
  sync_pull_only_table: () => NOT_FOR_DEVICES,
  sync_pull_needs_read_committed: () => NOT_FOR_DEVICES,
};

/** What a signed subscription must have ('share_subscriptions_signed_requires_<what>'). */
const SIGNED_NEEDS: Record<string, string> = {
  name: 'a name',
  address: 'an address',
  email: 'an email address',
  signature: 'a signature',
  signature_timestamp: 'the time of signing',
  effective_date: 'an effective date',
  payment_reference: 'a payment reference',
};

/** Words for a refusal of the whole row rather than one field, or null when it is about a field. */
export function rowRefusalMessage(refusal: Said): string | null {
  const rule = ruleOf(refusal);
  if (rule && ROW_WORDS[rule]) return ROW_WORDS[rule](refusal);
  const needs = rule?.startsWith('share_subscriptions_signed_requires_')
    ? SIGNED_NEEDS[rule.slice('share_subscriptions_signed_requires_'.length)]
    : undefined;
  if (needs) return `A signed subscription needs ${needs}, so it was not saved.`;
  // 42501 without a rule of ours: RLS or a privilege (a row of another account, a column only we set).
  if (refusal.code === '42501') return 'This change is not allowed for this account, so it was not saved.';
  return null;
}

/** Words for a refused field: 'The name is too long: at most 200 characters', never Postgres' text. */
export function refusalMessage(label: string, refusal: Said): string {
  const rule = ruleOf(refusal) ?? '';
  const chars = /_at_most_(\d+)_chars$/.exec(rule);
  if (chars) return `${label} is too long: at most ${Number(chars[1]).toLocaleString('en-GB')} characters`;
  const items = /_at_most_(\d+)_items$/.exec(rule);
  if (items) return `${label} has too many entries: at most ${Number(items[1]).toLocaleString('en-GB')}`;
  if (rule.endsWith('_no_duplicates')) return `${label} lists the same thing twice`;
  if (rule.endsWith('_email_format')) return `${label} is not an email address`;
  if (rule.endsWith('_phone_format')) return `${label} is not a phone number`;
  if (rule.endsWith('_is_http_url')) return `${label} must be a web address starting with http:// or https://`;
  const rowWide = rowRefusalMessage(refusal);
  if (rowWide) return rowWide;
  // 22003 out of range; 23514 a check (the bounds); 22P02 not a valid value of the column's type.
  if (refusal.code === '22003' || /_at_most_/.test(rule)) return `${label} is too large`;
  if (refusal.code === '22P02' || refusal.code === '23514' || refusal.code === '23502')
    return `${label} was not accepted`;
  return `${label} was not saved: the server did not accept it. It is kept on this device.`;
}

/** A refusal as the header and Sync details say it, naming no field. */
export const refusalSentence = (refusal: Said) => refusalMessage('A value', refusal);

/** What the app says for failures that are not a refusal: the server away, the device's storage full. */
export const FAILURE_WORDS = {
  databaseAway: 'The server is restarting. Your changes are kept on this device and sent when it is back.',
  storageFull:
    "This device's storage is full, so this could not be saved on it. Free some space on the device, then try again.",
} as const;

// PostgREST's own words while it has no database (PGRST000–PGRST003: a restart, a failover).
const DATABASE_AWAY =
  /Database connection error|Could not connect with the database|Database client error|PGRST00[0-3]/;
const STORAGE_FULL = /QuotaExceeded|quota (has been )?exceeded/i;

/** A failed request's message, in words when it names a rule of ours or a known failure (else as the
 *  request said it). */
export function errorWords(message: string): string {
  const rule = ruleOf({ message, constraint: null });
  if (rule) return refusalSentence({ message, code: null, constraint: rule });
  if (DATABASE_AWAY.test(message)) return FAILURE_WORDS.databaseAway;
  if (STORAGE_FULL.test(message)) return FAILURE_WORDS.storageFull;
  return message;
}

/** The device's storage refused a write for want of space (the DOMException, or RxDB's wrapping of it). */
export const isStorageFull = (error: unknown): boolean =>
  (typeof error === 'object' && error !== null && 'name' in error && error.name === 'QuotaExceededError') ||
  STORAGE_FULL.test(errorMessage(error));

/** Anything thrown, in the words errorWords gives (a full device's DOMException names itself). */
export const failureWords = (error: unknown): string =>
  isStorageFull(error) ? FAILURE_WORDS.storageFull : errorWords(errorMessage(error));
