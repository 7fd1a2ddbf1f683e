// @vitest-environment jsdom
// 'Save & Continue Later' says 'saved' only when it is: in the account once the server has it, or
// on this device (and when it will reach the account) while offline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../../ui/toaster';
import { toaster } from '../../lib/toast';
import { closeLocalData, trackWrites } from '../../testing/local-data';
import { SubscribeWizard } from './subscribe-wizard';
import { personalDetails, withDraft } from '../../testing/subscribe-wizard';

afterEach(async () => {
  vi.restoreAllMocks();
  toaster.remove();
  await closeLocalData();
});

async function typeAndSave() {
  const { data, draft } = await withDraft();
  trackWrites(data);
  render(
    <>
      <SubscribeWizard data={data} draft={draft} draftId={draft.id} email="base@example.test" />
      <Toaster />
    </>,
  );
  const user = await personalDetails();
  const name = screen.getByLabelText(/^Full name/);
  await user.clear(name);
  await user.type(name, 'Ada Lovelace');
  await user.click(screen.getByRole('button', { name: 'Save & Continue Later' }));
  return { data, draft };
}

describe('Save & Continue Later', () => {
  it('offline: says it is saved on this device and will be sent, not that the account has it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { data, draft } = await typeAndSave();
    expect(await screen.findByText(/^Saved on this device\. It will be sent to your account/)).toBeTruthy();
    expect(screen.queryByText('Your subscription progress has been saved.')).toBeNull();
    expect((await data.db.share_subscriptions.findOne(draft.id).exec())?.subscriber_name).toBe('Ada Lovelace');
  });

  it('online: waits for the server to have it (its outbox entry gone), then says it has been saved', async () => {
    const { data, draft } = await typeAndSave();
    await waitFor(async () => expect(await data.outbox.entries()).toHaveLength(1));
    expect(screen.queryByText('Your subscription progress has been saved.')).toBeNull();
    expect(screen.getByRole('button', { name: /Save & Continue Later/ }).getAttribute('aria-busy')).toBe('true');
    // The push lands: the replication settles the entry.
    const now = (await data.db.share_subscriptions.findOne(draft.id).exec())!.toMutableJSON(true);
    await data.outbox.settle('share_subscriptions', now);
    expect(await screen.findByText('Your subscription progress has been saved.')).toBeTruthy();
  });
});
