// The wizard over a real local database (no network): what a save writes, what a pull shows, and
// what a refused value says (docs/decisions/003-sync.md, "Forms").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markRefused, trackLocalWrites } from '../../data/outbox';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import type { UserData } from '../../data/user-data';
import { toaster } from '../../lib/toast';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { toastTexts } from '../../testing/toasts';
import { REFERENCE_PENDING } from './payment-instructions';
import { SubscribeWizard } from './subscribe-wizard';

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => vi.fn(),
}));

afterEach(closeLocalData);

async function withDraft(fields: Partial<ShareSubscriptionDoc> = {}) {
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

/** As a pull writes it: straight into the stored document. */
const pulled = async (data: UserData, id: string, fields: Partial<ShareSubscriptionDoc>) =>
  (await data.db.share_subscriptions.findOne(id).exec())!.incrementalPatch(fields);

/** A draft with a name opens at step 2 (spec: where a resumed draft opens); back to step 1. */
async function personalDetails(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByLabelText(/^Full name/);
  return user;
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;
/** An input's error message (aria-errormessage, set by Ark's Field while it is invalid). */
const describedBy = (element: HTMLElement) =>
  element.getAttribute('aria-invalid') === 'true'
    ? (document.getElementById(element.getAttribute('aria-errormessage') ?? '')?.textContent ?? '')
    : '';

const stored = async (data: UserData, id: string) =>
  (await data.db.share_subscriptions.findOne(id).exec())!.toJSON() as ShareSubscriptionDoc;

describe('the subscription wizard and its stored draft', () => {
  it('shows a pulled change, and a save writes only what this user changed', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = await personalDetails();
    expect(valueOf(screen.getByLabelText(/^Full name/))).toBe('Base Name');

    await pulled(data, draft.id, { subscriber_name: 'Name From A' });
    await waitFor(() => expect(valueOf(screen.getByLabelText(/^Full name/))).toBe('Name From A'));

    await user.clear(screen.getByLabelText('Phone (optional)'));
    await user.type(screen.getByLabelText('Phone (optional)'), '0200');
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await waitFor(async () => expect((await stored(data, draft.id)).subscriber_phone).toBe('0200'));
    expect((await stored(data, draft.id)).subscriber_name).toBe('Name From A');
    expect(await data.db.conflict_log.count().exec()).toBe(0);
  });

  it('a stale value in the form never overwrites a pulled one it did not change', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = await personalDetails();
    // The user is in the phone field when another device's name arrives.
    await user.click(screen.getByLabelText('Phone (optional)'));
    await pulled(data, draft.id, { subscriber_name: 'Name From A' });
    await user.type(screen.getByLabelText('Phone (optional)'), '9');
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await waitFor(async () => expect((await stored(data, draft.id)).subscriber_phone).toBe('01009'));
    expect((await stored(data, draft.id)).subscriber_name).toBe('Name From A');
  });

  it('keeps what the user is typing when a pulled value for that field arrives; the save logs the value it replaces', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = await personalDetails();
    const name = screen.getByLabelText(/^Full name/);
    await user.clear(name);
    await user.type(name, 'Typed Here');
    await pulled(data, draft.id, { subscriber_name: 'Name From A' });
    await new Promise((r) => setTimeout(r, 50));
    expect(valueOf(name)).toBe('Typed Here');
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await waitFor(async () => expect((await stored(data, draft.id)).subscriber_name).toBe('Typed Here'));
    const [logged] = await data.db.conflict_log.find().exec();
    expect(logged?.toJSON()).toMatchObject({
      field: 'subscriber_name',
      local: JSON.stringify('Name From A'),
      server: JSON.stringify('Typed Here'),
    });
  });

  it('a save that changes nothing writes nothing', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const before = (await data.db.share_subscriptions.findOne(draft.id).exec())!.revision;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await screen.findByText('Progress Saved', {}, { timeout: 2000 }).catch(() => undefined);
    expect((await data.db.share_subscriptions.findOne(draft.id).exec())!.revision).toBe(before);
  });

  it('too many shares: said next to the field, never stored, and Next waits', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 7000 });
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const shares = await screen.findByLabelText('Number of shares');
    await user.clear(shares);
    await user.type(shares, '3000000000');
    expect(describedBy(shares)).toContain('The number of shares is too large');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await new Promise((r) => setTimeout(r, 50));
    expect((await stored(data, draft.id)).number_of_shares).toBe(7000);
  });

  it('a value the server refused is named next to its field, and the correction is written', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 3_000_000_000 });
    await markRefused(
      data.db.outbox,
      'share_subscriptions',
      draft.id,
      {
        message: 'value "3000000000" is out of range for type integer',
        code: '22003',
        column: null,
        constraint: null,
        server: { ...draft, number_of_shares: 5000 },
      },
      draft,
    );
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const shares = await screen.findByLabelText('Number of shares');
    expect(describedBy(shares)).toContain('The number of shares is too large');
    // Still editable: the correction is saved, and the message goes with the refused value.
    await user.clear(shares);
    await user.type(shares, '7000');
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await waitFor(async () => expect((await stored(data, draft.id)).number_of_shares).toBe(7000));
    expect((await stored(data, draft.id)).total_amount).toBe(8750);
    await waitFor(() => expect(describedBy(shares)).not.toContain('too large'));
  });
});

describe('completing, and the payment reference (issue 12)', () => {
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
    trackLocalWrites(made.data.db.share_subscriptions, made.data.db.outbox);
    return made;
  }

  afterEach(() => {
    toaster.remove();
    vi.restoreAllMocks();
  });

  it('step 5 shows the reference the server made with the draft, and says when it has not arrived yet', async () => {
    const { data, draft } = await withDraft(complete);
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
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
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete Subscription' }));
    await waitFor(() => expect(toastTexts().join('\n')).toContain('Subscription saved on this device'));
    expect(toastTexts().join('\n')).not.toContain('Subscription Completed!');
    expect((await stored(data, draft.id)).status).toBe('signed');
    // The device sets none of the legal facts: the server does when it receives it.
    expect((await stored(data, draft.id)).effective_date ?? null).toBeNull();
    expect((await stored(data, draft.id)).signature_timestamp ?? null).toBeNull();
  });

  it('online, the spec’s success toast comes once the server has it', async () => {
    const { data, draft } = await tracked();
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
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
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Complete Subscription' }));
    await waitFor(async () => expect(await outboxEntry(data, draft.id)).not.toBeNull());
    const signed = await stored(data, draft.id);
    await markRefused(
      data.db.outbox,
      'share_subscriptions',
      draft.id,
      {
        message: 'share_subscriptions_subscriber_email_format',
        code: '23514',
        column: null,
        constraint: 'share_subscriptions_subscriber_email_format',
        // (the refusal names its field through the check's name)
        server: null,
      },
      signed,
    );
    await waitFor(() =>
      expect(toastTexts()).toContain('Submission Failed / The email address is not an email address'),
    );
    expect(toastTexts().join('\n')).not.toContain('Subscription Completed!');
    // The server never had it signed: a draft again here, to correct and sign again.
    await waitFor(async () => expect((await stored(data, draft.id)).status).toBe('draft'));
  });

  it('a field stops at the database’s length and says so', async () => {
    const { data, draft } = await withDraft({ subscriber_name: 'x'.repeat(198) });
    render(<SubscribeWizard data={data} draft={draft} email="base@example.test" />);
    const user = await personalDetails();
    const name = screen.getByLabelText(/^Full name/);
    expect(screen.queryByText('At most 200 characters')).toBeNull();
    await user.type(name, 'abcdef');
    expect(valueOf(name)).toHaveLength(200);
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
  });
});
