import { useCallback } from 'react';
import * as v from 'valibot';
import { atMostMessage, EMAIL_PATTERN, MAX_CHARS } from '../../../lib/limits';
import { errorMessage } from '../../../lib/errors';
import { logError } from '../../../lib/log';
import { isOnline, needsConnection } from '../../../lib/online';
import { supabase } from '../../../lib/supabase';
import { toastAbout } from '../../../lib/toast';
import { assessmentUrl, newToken } from '../assessment';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('create-assessment-link');

const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/**
 * What the form sends: both required, the email well-formed
 * (docs/product/validation.md#assessment-links).
 */
export const assessmentLinkSchema = v.object({
  agencyName: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please provide agency name and contact email.'),
    v.maxLength(MAX_CHARS.name, `The agency name is too long: ${atMostMessage(MAX_CHARS.name).toLowerCase()}.`),
  ),
  contactEmail: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Please provide agency name and contact email.'),
    // The database's test (src/lib/limits.ts), so what passes here is never refused there.
    v.regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
    v.maxLength(MAX_CHARS.email, `The email address is too long: ${atMostMessage(MAX_CHARS.email).toLowerCase()}.`),
  ),
});

export type AssessmentLinkInput = v.InferInput<typeof assessmentLinkSchema>;

/**
 * Inserts a pending assessment with a new token and returns the token. The server sets the
 * expiry (30 days) and its insert policy checks that the creator is an unlocked shareholder.
 */
export async function createAssessmentLink(input: v.InferOutput<typeof assessmentLinkSchema>): Promise<string> {
  const token = newToken();
  const { error } = await supabase.from('agent_assessments').insert({
    token,
    agency_name: input.agencyName,
    main_contact_email: input.contactEmail,
    status: 'pending',
  });
  if (error) throw error;
  return token;
}

const FAILED = 'Could not create the link';

export type LinkField = keyof AssessmentLinkInput;

/** A new link's URL; or what is wrong with one field, said at that field; or null (a toast said why). */
export type CreateLinkResult = { url: string } | { field: LinkField; message: string } | null;

/**
 * Creating a link as the page does it: checks the input, needs a connection, and says what happened
 * (docs/product/messages.md#assessment-links). What is wrong with a field comes back to be said at
 * the field; the rest is a toast.
 */
export function useCreateAssessmentLink(): (input: AssessmentLinkInput) => Promise<CreateLinkResult> {
  return useCallback(async (input) => {
    const empty = (['agencyName', 'contactEmail'] as const).find((field) => !input[field].trim());
    if (empty) {
      toast.error('Missing Information', 'Please provide agency name and contact email.');
      return { field: empty, message: 'Please provide agency name and contact email.' };
    }
    const parsed = v.safeParse(assessmentLinkSchema, input);
    if (!parsed.success) {
      const field = v.getDotPath(parsed.issues[0]) === 'agencyName' ? 'agencyName' : 'contactEmail';
      return { field, message: parsed.issues[0].message };
    }
    if (!isOnline()) {
      toast.error(FAILED, needsConnection('Creating an assessment link'));
      return null;
    }
    try {
      const token = await createAssessmentLink(parsed.output);
      toast.success('Assessment Created!', 'Assessment token has been generated successfully.');
      return { url: assessmentUrl(window.location.origin, token) };
    } catch (error) {
      logError('Creating an assessment link failed', error);
      // A limit is not fixed by trying again: say which (migration 20261123000011).
      const rule = /^(agent_assessments_at_most_1000_per_creator|agent_assessments_main_contact_email_format)\b/.exec(
        errorMessage(error),
      )?.[1];
      if (rule === 'agent_assessments_main_contact_email_format')
        return { field: 'contactEmail', message: INVALID_EMAIL_MESSAGE };
      toast.error(
        FAILED,
        rule === 'agent_assessments_at_most_1000_per_creator'
          ? 'You have created 1,000 assessment links, the most one account can make.'
          : 'Failed to create assessment. Please try again.',
      );
      return null;
    }
  }, []);
}
