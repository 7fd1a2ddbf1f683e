// @vitest-environment jsdom
// The subscription wizard's last step over a real local database (no network): the payment
// reference, and what Complete Subscription says online, offline and when refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserData } from '../../data/user-data';
import { toaster } from '../../lib/toast';
import { closeLocalData, trackWrites } from '../../testing/local-data';
import { toastTexts } from '../../testing/toasts';
import { REFERENCE_PENDING } from './payment-instructions';
import { SubscribeWizard } from './subscribe-wizard';
import { personalDetails, pulled, stored, valueOf, withDraft } from '../../testing/subscribe-wizard';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => navigate,
}));

afterEach(closeLocalData);

describe('completing, and the payment reference', () => {
  it('signed on another device while open here: the dashboard, saying so, once', async () => {
    navigate.mockClear();
    const { data, draft } = await withDraft(complete);
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    await screen.findByRole('button', { name: 'Complete Subscription' });
    expect(toastTexts()).toEqual([]);
    await pulled(data, draft.id, { status: 'signed', signature_timestamp: '2026-11-24T10:02:00Z' });
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Signed on another device / This subscription was signed on another device on 24 November 2026 at 10:02 GMT.',
      ]),
    );
    expect(navigate).toHaveBeenCalledWith({ to: '/shareholder/dashboard', replace: true });
    // Step 5 shows the reference once the wizard has taken this pull in: it says nothing again.
    await pulled(data, draft.id, { payment_reference: 'CHLOE-12345678' });
    await screen.findByText('CHLOE-12345678');
    expect(toastTexts()).toHaveLength(1);
    // (a toast said again is the same toast: the page is left once)
    expect(navigate).toHaveBeenCalledTimes(1);
    toaster.remove();
  });

  const PNG = 'data:image/png;base64,iVBORw0KGgo=';
  const complete = {
    subscriber_address: '1 High Street, London',
    signature_data: PNG,
    payment_reference: null,
  };
  const outboxEntry = (data: UserData, id: string) => data.db.outbox.findOne(`share_subscriptions:${id}`).exec();
  /** A draft whose writes are recorded in the outbox, as the running sync engine records them. */
  async function tracked() {
    const made = await withDraft(complete);
    trackWrites(made.data);
    return made;
  }

  afterEach(() => {
    toaster.remove();
    vi.restoreAllMocks();
  });

  it('step 5 shows the reference the server made with the draft, and says when it has not arrived yet', async () => {
    const { data, draft } = await withDraft(complete);
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    expect(await screen.findByText(REFERENCE_PENDING)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy Payment reference' })).toBeNull();
    await pulled(data, draft.id, { payment_reference: 'CHLOE-12345678' });
    expect(await screen.findByText('CHLOE-12345678')).toBeTruthy();
    expect(screen.queryByText(REFERENCE_PENDING)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Payment reference' })).toBeTruthy();
  });

  it('offline, Complete Subscription says it is saved on this device, never that it was submitted', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { data, draft } = await tracked();
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete Subscription' }));
    await waitFor(() => expect(toastTexts().join('\n')).toContain('Subscription saved on this device'));
    expect(toastTexts().join('\n')).not.toContain('Subscription Completed!');
    expect((await stored(data, draft.id)).status).toBe('signed');
    // The device sets none of the legal facts: the server does when it receives it.
    expect((await stored(data, draft.id)).effective_date ?? null).toBeNull();
    expect((await stored(data, draft.id)).signature_timestamp ?? null).toBeNull();
  });

  it('online, the success toast comes once the server has it', async () => {
    const { data, draft } = await tracked();
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete Subscription' }));
    await waitFor(async () => expect(await outboxEntry(data, draft.id)).not.toBeNull());
    expect(toastTexts()).toEqual([]);
    // As replication does when the push is accepted.
    await (await outboxEntry(data, draft.id))!.remove();
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Subscription Completed! / Your share subscription has been submitted successfully.',
      ]),
    );
  });

  it('online and refused, it says why (Submission Failed) and the subscription is a draft again to correct', async () => {
    const { data, draft } = await tracked();
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete Subscription' }));
    await waitFor(async () => expect(await outboxEntry(data, draft.id)).not.toBeNull());
    const signed = await stored(data, draft.id);
    await data.outbox.refuse('share_subscriptions', draft.id, {
      message: 'share_subscriptions_subscriber_email_format',
      code: '23514',
      column: null,
      constraint: 'share_subscriptions_subscriber_email_format',
      // (the refusal names its field through the check's name)
      server: null,
      refused: signed,
    });
    await waitFor(() =>
      expect(toastTexts()).toContain('Submission Failed / The email address is not an email address'),
    );
    expect(toastTexts().join('\n')).not.toContain('Subscription Completed!');
    // The server never had it signed: a draft again here, to correct and sign again.
    await waitFor(async () => expect((await stored(data, draft.id)).status).toBe('draft'));
  });

  it('a field stops at the database’s length and says so', async () => {
    const { data, draft } = await withDraft({ subscriber_name: 'x'.repeat(198) });
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = await personalDetails();
    const name = screen.getByLabelText(/^Full name/);
    expect(screen.queryByText('At most 200 characters')).toBeNull();
    await user.type(name, 'abcdef');
    expect(valueOf(name)).toHaveLength(200);
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
  });
});
