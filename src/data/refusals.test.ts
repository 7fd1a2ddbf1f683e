import { describe, expect, it } from 'vitest';
import { columnOfRule } from '../lib/refusal-words';
import type { Refusal } from '../sync/refusal';
import { refusalMessage, rowRefusalMessage } from './refusals';

const refusal = (constraint: string | null, extra: Partial<Refusal> = {}): Refusal => ({
  message: `${constraint ?? 'x'}: refused`,
  code: '23514',
  column: null,
  constraint,
  server: null,
  ...extra,
});

describe('what a refusal says (messages that say what happened)', () => {
  it('names the bound the database enforces, not its words', () => {
    expect(refusalMessage('The name', refusal('share_subscriptions_subscriber_name_at_most_200_chars'))).toBe(
      'The name is too long: at most 200 characters',
    );
    expect(refusalMessage('This answer', refusal('saved_properties_key_features_at_most_50_items'))).toBe(
      'This answer has too many entries: at most 50',
    );
    expect(refusalMessage('This answer', refusal('agent_assessments_tone_of_voice_no_duplicates'))).toBe(
      'This answer lists the same thing twice',
    );
    expect(refusalMessage('The email address', refusal('share_subscriptions_subscriber_email_format'))).toBe(
      'The email address is not an email address',
    );
    expect(refusalMessage('The phone number', refusal('share_subscriptions_subscriber_phone_format'))).toBe(
      'The phone number is not a phone number',
    );
    expect(refusalMessage('An answer', refusal('agent_assessments_main_contact_phone_format'))).toBe(
      'An answer is not a phone number',
    );
    expect(refusalMessage('This answer', refusal('agent_assessments_website_url_is_http_url'))).toBe(
      'This answer must be a web address starting with http:// or https://',
    );
    expect(refusalMessage('The number of shares', refusal('share_subscriptions_at_most_1000000_shares'))).toBe(
      'The number of shares is too large',
    );
  });

  it('says what happened to a whole row: an expired link, a submitted assessment, someone else’s id', () => {
    expect(rowRefusalMessage(refusal('agent_assessments_link_expired', { code: '42501' }))).toBe(
      'This link has expired — ask for a new one. Your answers are kept on this device.',
    );
    expect(
      rowRefusalMessage(
        refusal('agent_assessments_already_completed', {
          code: '42501',
          message:
            'agent_assessments_already_completed: this assessment was submitted on 3 December 2026 and cannot be changed',
        }),
      ),
    ).toBe('This assessment has already been submitted (3 December 2026), so it cannot be changed.');
    expect(rowRefusalMessage(refusal('sync_id_taken', { code: '42501' }))).toBe(
      'This record belongs to another account, so it was not saved.',
    );
    expect(rowRefusalMessage(refusal('share_subscriptions_subscriber_name_at_most_200_chars'))).toBeNull();
  });
});

describe('the field a check is about', () => {
  it('comes from the check’s name, the longest column that fits', () => {
    const fields = ['website_url', 'website', 'agency_name', 'tone_of_voice'];
    expect(columnOfRule('agent_assessments', 'agent_assessments_website_url_is_http_url', fields)).toBe('website_url');
    expect(columnOfRule('agent_assessments', 'agent_assessments_tone_of_voice_no_duplicates', fields)).toBe(
      'tone_of_voice',
    );
    expect(columnOfRule('agent_assessments', 'sync_read_only_column', fields)).toBeNull();
    expect(columnOfRule('agent_assessments', null, fields)).toBeNull();
  });
});
