// @vitest-environment jsdom
// The wizard over a real local database (no network): what a save writes, what a pull shows, and
// what a refused value says
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { MAX_SHARES } from '../../lib/shareholding';
import { toaster } from '../../lib/toast';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { Toaster } from '../../ui/toaster';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { SubscribeWizard } from './subscribe-wizard';
import { describedBy, personalDetails, pulled, stored, valueOf, withDraft } from '../../testing/subscribe-wizard';

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useNavigate: () => vi.fn(),
}));

afterEach(async () => {
  await closeLocalData();
  // The toast store outlives a test: a 'Progress Saved' left here would answer the next test's wait.
  toaster.remove();
});

/**
 * The user is typing 'Typed Her' in the name when another device's 'Name From A' arrives: that
 * value reached the server first, so it stands. The field keeps the typing while the burst goes on
 * ('e' is typed, never written), then shows 'Name From A' and says what was set aside.
 */
async function typedOverPulledName() {
  const { data, draft } = await withDraft();
  render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
  const user = await personalDetails();
  const name = screen.getByLabelText(/^Full name/);
  await user.clear(name);
  await user.type(name, 'Typed Her');
  await waitFor(async () => expect((await stored(data, draft.id)).subscriber_name).toBe('Typed Her'));
  // The pull changes the phone too: once the phone shows it, the form has taken the pull in.
  await pulled(data, draft.id, { subscriber_name: 'Name From A', subscriber_phone: '0199' });
  await waitFor(() => expect(valueOf(screen.getByLabelText('Phone (optional)'))).toBe('0199'));
  expect(valueOf(name)).toBe('Typed Her');
  await user.type(name, 'e');
  return { data, draft, user, name };
}

describe('the subscription wizard and its stored draft', () => {
  it('shows a pulled change, and a save writes only what this user changed', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
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
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = await personalDetails();
    // The user is in the phone field when another device's name arrives.
    await user.click(screen.getByLabelText('Phone (optional)'));
    await pulled(data, draft.id, { subscriber_name: 'Name From A' });
    await user.type(screen.getByLabelText('Phone (optional)'), '9');
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    await waitFor(async () => expect((await stored(data, draft.id)).subscriber_phone).toBe('01009'));
    expect((await stored(data, draft.id)).subscriber_name).toBe('Name From A');
  });

  it('a value another device stored first stands: the field shows it when the typing stops, focused or not', async () => {
    const { data, draft, name } = await typedOverPulledName();
    expect(document.activeElement).toBe(name);
    await waitFor(() => expect(valueOf(name)).toBe('Name From A'), { timeout: 1500 });
    expect((await stored(data, draft.id)).subscriber_name).toBe('Name From A');
    // The whole burst is one value kept, the last one typed.
    await waitFor(async () => expect(await data.db.conflict_log.count().exec()).toBe(1));
    const [logged] = await data.db.conflict_log.find().exec();
    expect(logged?.toJSON()).toMatchObject({
      field: 'subscriber_name',
      local: JSON.stringify('Typed Here'),
      server: JSON.stringify('Name From A'),
      replacedBy: 'other-device',
      reviewed: false,
    });
  });

  it('says at the field what was set aside, and puts it back on request', async () => {
    const { data, draft, user, name } = await typedOverPulledName();
    const notice = await screen.findByText(
      /^Full name: “Name From A”, saved on another device, replaced yours, “Typed Here”/,
      {},
      { timeout: 1500 },
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Put mine back (Full name)' }));
    await waitFor(() => expect(valueOf(name)).toBe('Typed Here'));
    await waitFor(async () => expect((await stored(data, draft.id)).subscriber_name).toBe('Typed Here'));
    await waitFor(() => expect(screen.queryByText(/replaced yours/)).toBeNull());
    // Seen, and still in the log.
    const [logged] = (await data.db.conflict_log.find().exec()).map((e) => e.toJSON());
    expect(logged).toMatchObject({ field: 'subscriber_name', reviewed: true });
  });

  it('a value of this device set aside for another device’s is said at its field; Keep theirs marks it seen', async () => {
    const { data, draft } = await withDraft();
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = await personalDetails();
    await pulled(data, draft.id, { subscriber_name: 'Name From A' });
    await data.conflictLog.keep(
      'share_subscriptions',
      draft.id,
      [{ field: 'subscriber_name', local: 'Mine Here', server: 'Name From A' }],
      'other-device',
    );
    await screen.findByText(/^Full name: “Name From A”, saved on another device, replaced yours, “Mine Here”/);
    await user.click(screen.getByRole('button', { name: 'Keep theirs (Full name)' }));
    await waitFor(() => expect(screen.queryByText(/replaced yours/)).toBeNull());
    expect(valueOf(screen.getByLabelText(/^Full name/))).toBe('Name From A');
    expect((await data.db.conflict_log.find().exec())[0]?.reviewed).toBe(true);
  });

  it('a name typed on step 1 is on the device at once, and leaving the page keeps it (no Next, no Save)', async () => {
    const data = await localUserData();
    const draftId = crypto.randomUUID();
    const { unmount } = render(<SubscribeWizard data={data} draftId={draftId} draft={null} email="new@example.test" />);
    await userEvent.setup().type(await screen.findByLabelText(/^Full name/), 'Ada Lovelace');
    // Left by a link or Back: the page goes, and with it what was still being written.
    unmount();
    await data.writes.idle();
    const [made] = (await data.db.share_subscriptions.find().exec()).map((d) => d.toJSON() as ShareSubscriptionDoc);
    expect(made).toMatchObject({
      id: draftId,
      status: 'draft',
      subscriber_name: 'Ada Lovelace',
      subscriber_email: 'new@example.test',
      number_of_shares: 5000,
    });
  });

  it('a save that changes nothing writes nothing', async () => {
    const { data, draft } = await withDraft();
    render(
      <>
        <SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />
        <Toaster />
      </>,
    );
    const before = (await data.db.share_subscriptions.findOne(draft.id).exec())!.revision;
    // None yet: only this save can answer the wait below.
    expect(screen.queryByText('Progress Saved')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    // The save has finished when it says so.
    await screen.findByText('Progress Saved');
    expect((await data.db.share_subscriptions.findOne(draft.id).exec())!.revision).toBe(before);
  });

  it('too many shares: said next to the field, never stored, and Next waits', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 7000 });
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const shares = await screen.findByLabelText('Number of shares');
    // Emptied, or a number still being typed below the minimum: not a number of shares yet.
    await user.clear(shares);
    // Nothing waits to be written (a change would until it is stored), and 7,000 is what is stored.
    expect(hasUnsavedInput()).toBe(false);
    expect((await stored(data, draft.id)).number_of_shares).toBe(7000);
    // Each number typed on the way may be saved as it is made; the one too large never is.
    await user.type(shares, '3000000000');
    expect(describedBy(shares)).toContain('The number of shares is too large');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
    // The save queued its write as it was clicked: once the queue is idle, it is on the device.
    await data.writes.idle();
    expect((await stored(data, draft.id)).number_of_shares).toBeLessThanOrEqual(MAX_SHARES);
  });

  it('too many shares typed stay on screen when another device changes the shares; a correction typed over theirs unseen loses to it, said', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 7000 });
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const shares = await screen.findByLabelText('Number of shares');
    await user.clear(shares);
    await user.type(shares, '3000000000');
    await user.tab();
    // The form follows this same live query (findOne(id).$, shared), subscribed before this: once
    // this sees 9,000, the form has been told of it.
    const nine = firstValueFrom(
      data.db.share_subscriptions.findOne(draft.id).$.pipe(filter((d) => d?.number_of_shares === 9000)),
    );
    await pulled(data, draft.id, { number_of_shares: 9000, total_amount: 11250 });
    await act(() => nine);
    expect(valueOf(shares)).toBe('3000000000');
    expect(describedBy(shares)).toContain('The number of shares is too large');
    await user.clear(shares);
    await user.type(shares, '8000');
    // 9,000 reached the device first and was never shown over the typing: it stands, and 8,000 is
    // kept, with a way to put it back.
    await waitFor(() => expect(valueOf(shares)).toBe('9000'), { timeout: 1500 });
    expect((await stored(data, draft.id)).number_of_shares).toBe(9000);
    const logged = async () => (await data.db.conflict_log.find().exec()).map((e) => e.toJSON());
    await waitFor(async () =>
      expect(await logged()).toContainEqual(
        expect.objectContaining({
          field: 'number_of_shares',
          local: '8000',
          server: '9000',
          replacedBy: 'other-device',
        }),
      ),
    );
    await screen.findByText(/^Number of shares: 9,000, saved on another device, replaced yours, 8,000/);
  });

  it('a value the server refused is named next to its field, and the correction is written', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 3_000_000_000 });
    await data.outbox.refuse('share_subscriptions', draft.id, {
      message: 'value "3000000000" is out of range for type integer',
      code: '22003',
      column: null,
      constraint: null,
      server: { ...draft, number_of_shares: 5000 },
      refused: draft,
    });
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
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

  it('says when the shares typed are rounded to a step of 1,000, before and after leaving the field', async () => {
    const { data, draft } = await withDraft({ subscriber_address: '1 High St', number_of_shares: 7000 });
    render(<SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const shares = await screen.findByLabelText('Number of shares');
    const note = '5,500 shares becomes 6,000: shares come in steps of 1,000.';
    await user.clear(shares);
    await user.type(shares, '5500');
    // Announced: the note is a status region's text.
    expect(screen.getByText(note).getAttribute('role')).toBe('status');
    await user.tab();
    expect(valueOf(shares)).toBe('6000');
    expect(screen.getByText(note)).toBeTruthy();
    await waitFor(async () => expect((await stored(data, draft.id)).number_of_shares).toBe(6000));
    // A whole step says nothing.
    await user.clear(shares);
    await user.type(shares, '8000');
    expect(screen.queryByText(/shares come in steps of/)).toBeNull();
  });
});
