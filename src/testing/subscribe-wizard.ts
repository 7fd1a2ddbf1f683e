// Shared by the subscription wizard's component tests: a draft on a real local database (no
// network), what a pull writes, and how a field reads.
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import type { ShareSubscriptionDoc } from '../data/schemas';
import type { UserData } from '../data/user-data';
import { localUserData } from './local-data';

export async function withDraft(fields: Partial<ShareSubscriptionDoc> = {}) {
  const data = await localUserData();
  const doc = await data.db.share_subscriptions.insert({
    id: crypto.randomUUID(),
    user_id: data.userId,
    status: 'draft',
    subscriber_name: 'Base Name',
    subscriber_email: 'base@example.test',
    subscriber_phone: '0100',
    number_of_shares: 5000,
    subscription_price: 1.25,
    total_amount: 6250,
    ...fields,
  });
  return { data, draft: doc.toJSON() as ShareSubscriptionDoc };
}

let pulls = 0;
/** As a pull writes it: straight into the stored document, with a newer server time. */
export const pulled = async (data: UserData, id: string, fields: Partial<ShareSubscriptionDoc>) =>
  (await data.db.share_subscriptions.findOne(id).exec())!.incrementalPatch({
    serverModified: `2026-11-28 10:00:00.${String(++pulls).padStart(6, '0')}+00`,
    ...fields,
  });

/** A draft with a name opens at step 2 (docs/product/subscription.md#resuming); back to step 1. */
export async function personalDetails(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByLabelText(/^Full name/);
  return user;
}

export const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
/** An input's error message (aria-errormessage, set by Ark's Field while it is invalid). */
export const describedBy = (element: HTMLElement) =>
  element.getAttribute('aria-invalid') === 'true'
    ? (document.getElementById(element.getAttribute('aria-errormessage') ?? '')?.textContent ?? '')
    : '';

export const stored = async (data: UserData, id: string) =>
  (await data.db.share_subscriptions.findOne(id).exec())!.toJSON() as ShareSubscriptionDoc;
