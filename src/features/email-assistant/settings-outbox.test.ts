// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepCopy, putWaiting, readCopy, readWaiting } from '../../data/on-device';
import { toaster } from '../../lib/toast';
import { DEFAULT_REPLY_TEMPLATE, type AutoReplySettings } from '../../lib/reply-template';
import { closeLocalData, localUserData } from '../../testing/local-data';
import { toastTexts } from '../../testing/toasts';
import { changedFields, saveSettings, sendWaitingSettings } from './settings-outbox';

// Settings saved online or kept on the device (a real RxDB database over a fake IndexedDB); the
// function call is stubbed at the api/ boundary.
const api = vi.hoisted(() => ({ save: vi.fn() }));
vi.mock('./api/save-auto-reply-settings', () => ({ saveAutoReplySettings: api.save }));

const BASE: AutoReplySettings = { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: 'https://a.test' };
const SERVER: AutoReplySettings = { enabled: false, reply_template: 'Hi {first_name}', demo_link: 'https://b.test' };

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeEach(() => setOnline(true));
afterEach(async () => {
  vi.restoreAllMocks();
  api.save.mockReset();
  toaster.remove();
  await closeLocalData();
});

describe('changedFields', () => {
  it('names only what differs from what the form started from', () => {
    expect(changedFields(BASE, BASE)).toEqual({});
    expect(changedFields(BASE, { ...BASE, enabled: false, demo_link: 'https://c.test' })).toEqual({
      enabled: false,
      demo_link: 'https://c.test',
    });
  });
});

describe('saving settings', () => {
  it('online: sends only the changed fields, keeps what the server saved, says so in the documented words', async () => {
    const data = await localUserData();
    await putWaiting(data.db, 'auto_reply_settings', { change: { enabled: false }, since: 1, refusal: null });
    api.save.mockResolvedValue({ ok: true, settings: SERVER });
    const result = await saveSettings(data.db, BASE, { ...BASE, enabled: false });
    // With what the field was when the form opened: the server refuses to overwrite a change made elsewhere.
    expect(api.save).toHaveBeenCalledWith({ enabled: false }, { enabled: true });
    expect(result).toEqual({ kind: 'saved', settings: SERVER });
    expect((await readCopy(data.db, 'auto_reply_settings'))?.value).toEqual(SERVER);
    expect(await readWaiting(data.db, 'auto_reply_settings')).toBeNull();
    expect(toastTexts()).toContain('Settings saved / Auto-reply settings have been updated successfully');
  });

  it('Save with nothing changed sends the whole settings (it still confirms them)', async () => {
    api.save.mockResolvedValue({ ok: true, settings: BASE });
    await saveSettings(null, BASE, BASE);
    expect(api.save).toHaveBeenCalledWith(BASE, BASE);
  });

  it('offline, or when the answer never comes: kept on the device, nothing lost', async () => {
    const data = await localUserData();
    setOnline(false);
    expect(await saveSettings(data.db, BASE, { ...BASE, demo_link: 'https://offline.test' })).toEqual({ kind: 'kept' });
    expect(api.save).not.toHaveBeenCalled();
    expect(await readWaiting(data.db, 'auto_reply_settings')).toMatchObject({
      change: { demo_link: 'https://offline.test' },
      base: { demo_link: 'https://a.test' },
      refusal: null,
    });
    expect(toastTexts()).toContain(
      'Saved on this device / Your auto-reply settings will be saved when you are back online.',
    );

    setOnline(true);
    api.save.mockResolvedValue({ ok: false, kind: 'unsent', message: 'Failed to fetch' });
    expect(await saveSettings(data.db, BASE, { ...BASE, enabled: false, demo_link: 'https://offline.test' })).toEqual({
      kind: 'kept',
    });
    expect((await readWaiting(data.db, 'auto_reply_settings'))?.change).toEqual({
      enabled: false,
      demo_link: 'https://offline.test',
    });
  });

  it('refused: the server’s words as the toast and for the field; signed out: “Please sign in first”', async () => {
    api.save.mockResolvedValue({ ok: false, kind: 'refused', message: 'Enter a web address', field: 'demo_link' });
    expect(await saveSettings(null, BASE, { ...BASE, demo_link: 'nope' })).toEqual({
      kind: 'refused',
      message: 'Enter a web address',
      field: 'demo_link',
    });
    expect(toastTexts()).toContain('Error / Enter a web address');
    api.save.mockResolvedValue({ ok: false, kind: 'signed-out', message: 'Please sign in to use Chloe' });
    expect(await saveSettings(null, BASE, { ...BASE, enabled: false })).toEqual({ kind: 'signed-out' });
    expect(toastTexts()).toContain('Error / Please sign in first');
  });
});

describe('sending what waits, when the connection returns', () => {
  it('sends the kept change; on success the settings kept become the server’s and the change goes', async () => {
    const data = await localUserData();
    await keepCopy(data.db, 'auto_reply_settings', BASE);
    await putWaiting(data.db, 'auto_reply_settings', {
      change: { demo_link: 'https://offline.test' },
      base: { demo_link: 'https://a.test' },
      since: 5,
      refusal: null,
    });
    api.save.mockResolvedValue({ ok: true, settings: { ...SERVER, demo_link: 'https://offline.test' } });
    await sendWaitingSettings(data.db);
    expect(api.save).toHaveBeenCalledWith({ demo_link: 'https://offline.test' }, { demo_link: 'https://a.test' });
    expect(await readWaiting(data.db, 'auto_reply_settings')).toBeNull();
    expect((await readCopy(data.db, 'auto_reply_settings'))?.value).toEqual({
      ...SERVER,
      demo_link: 'https://offline.test',
    });
    expect(toastTexts()).toContain('Settings saved / Auto-reply settings have been updated successfully');
    // Nothing waits any more: nothing is sent.
    await sendWaitingSettings(data.db);
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('a refusal stays with the change (and is not sent again until edited); still offline: nothing is tried', async () => {
    const data = await localUserData();
    await putWaiting(data.db, 'auto_reply_settings', {
      change: { demo_link: 'javascript:x' },
      since: 5,
      refusal: null,
    });
    setOnline(false);
    await sendWaitingSettings(data.db);
    expect(api.save).not.toHaveBeenCalled();

    setOnline(true);
    api.save.mockResolvedValue({ ok: false, kind: 'refused', message: 'Enter a web address', field: 'demo_link' });
    await sendWaitingSettings(data.db);
    expect(await readWaiting(data.db, 'auto_reply_settings')).toEqual({
      change: { demo_link: 'javascript:x' },
      since: 5,
      refusal: { message: 'Enter a web address', field: 'demo_link' },
    });
    await sendWaitingSettings(data.db);
    expect(api.save).toHaveBeenCalledTimes(1);
  });

  it('an edit made while the last one was on its way is kept, to be sent in turn', async () => {
    const data = await localUserData();
    await putWaiting(data.db, 'auto_reply_settings', { change: { enabled: false }, since: 5, refusal: null });
    api.save.mockImplementation(async () => {
      // The user saves again (still offline in this tab's view) while the first answer is awaited.
      await putWaiting(data.db, 'auto_reply_settings', { change: { enabled: true }, since: 6, refusal: null });
      return { ok: true, settings: { ...BASE, enabled: false } };
    });
    await sendWaitingSettings(data.db);
    expect(await readWaiting(data.db, 'auto_reply_settings')).toEqual({
      change: { enabled: true },
      since: 6,
      refusal: null,
    });
  });

  it('a field another device changed since: the change waits with the server’s words, over the settings as they are now', async () => {
    const data = await localUserData();
    await keepCopy(data.db, 'auto_reply_settings', BASE);
    await putWaiting(data.db, 'auto_reply_settings', {
      change: { demo_link: 'https://tablet.test' },
      base: { demo_link: 'https://a.test' },
      since: 7,
      refusal: null,
    });
    const message =
      'The demo link was changed to https://laptop.test on another device after you edited it. Save again to keep yours.';
    api.save.mockResolvedValue({
      ok: false,
      kind: 'conflict',
      message,
      field: 'demo_link',
      current: { ...BASE, demo_link: 'https://laptop.test' },
    });
    await sendWaitingSettings(data.db);
    expect(await readWaiting(data.db, 'auto_reply_settings')).toMatchObject({
      change: { demo_link: 'https://tablet.test' },
      refusal: { message, field: 'demo_link' },
    });
    expect((await readCopy(data.db, 'auto_reply_settings'))?.value).toEqual({
      ...BASE,
      demo_link: 'https://laptop.test',
    });
    expect(toastTexts()).toContain(`Error / ${message}`);
  });
});
