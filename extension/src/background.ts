// The extension's service worker: takes the session /extension-auth hands over, saves listings for
// the popup (or keeps them to send later), sends what waits when it can, and shows on the toolbar
// badge how many saves wait.
import { APP_ORIGIN, CONFIG } from './config';
import type { SaveOutcome, SaveRequest, Status, ToBackground } from './messages';
import { dismissRefused, enqueue, flush, queued, refusedSaves, settled } from './queue';
import { sendSave } from './saves';
import { adopt, currentUser, readyToSend, sessionClient, signOutHere } from './session';
import { extensionStorage } from './storage';

const storage = extensionStorage();
const client = sessionClient(CONFIG, storage);

/** The signed-in user's saves waiting (another account's wait for that account to sign in again). */
async function showWaiting() {
  const user = await currentUser(storage);
  const waiting = user ? (await queued(storage)).filter((q) => q.userId === user.id).length : 0;
  await chrome.action.setBadgeText({ text: waiting ? String(waiting) : '' });
  if (waiting) await chrome.action.setBadgeBackgroundColor({ color: '#6128ee' });
  return waiting;
}

/** The server's reason for a refusal, without its rule's name. */
const reasonOf = (message: string) => /^[a-z0-9_]+:\s*(.+)$/i.exec(message)?.[1] ?? message;

/** The words for a refusal. */
const refusal = (message: string) => `Chloe could not save this property: ${reasonOf(message)}`;

// One flush at a time: a save, an alarm and the popup's 'Send now' may come together.
let flushing: Promise<unknown> = Promise.resolve();
function sendWaiting(): Promise<void> {
  const run = flushing.then(async () => {
    const ready = await readyToSend(client, storage);
    if (ready.kind === 'ready') {
      await flush(storage, ready.user.id, async (entry) => {
        const result = await sendSave(client, ready.user.id, entry);
        return result.kind === 'refused' ? { ...result, message: reasonOf(result.message) } : result;
      });
    }
    await showWaiting();
  });
  flushing = run.catch(() => undefined);
  return run;
}

const QUEUED = 'Saved on this device: it will be sent to your account when Chloe can be reached.';

async function keep(userId: string, request: SaveRequest, why: string): Promise<SaveOutcome> {
  const waiting = await enqueue(storage, userId, request, why);
  await showWaiting();
  return { kind: 'queued', waiting, message: QUEUED };
}

async function save(request: SaveRequest): Promise<SaveOutcome> {
  const user = await currentUser(storage);
  if (!user) return { kind: 'signed-out' };
  const ready = await readyToSend(client, storage);
  if (ready.kind === 'signed-out') return { kind: 'signed-out' };
  if (ready.kind === 'unreachable') return keep(user.id, request, ready.message);
  // Earlier saves go first (a newer save of one of them replaces it in the queue).
  await sendWaiting().catch(() => undefined);
  const result = await sendSave(client, user.id, request);
  if (result.kind === 'saved') {
    // A save of this listing still waiting (its flush stopped early) is older: it must not follow.
    await settled(storage, user.id, request);
    await showWaiting();
    return result;
  }
  if (result.kind === 'refused') return { kind: 'refused', message: refusal(result.message) };
  return keep(user.id, request, result.message);
}

async function status(): Promise<Status> {
  const user = await currentUser(storage);
  return {
    signedIn: Boolean(user),
    email: user?.email ?? null,
    waiting: await showWaiting(),
    refused: user ? await refusedSaves(storage, user.id) : [],
  };
}

async function handle(message: ToBackground): Promise<unknown> {
  switch (message.type) {
    case 'chloe:auth-update': {
      const adopted = await adopt(client, message.session);
      if (adopted.ok) void sendWaiting();
      return adopted;
    }
    case 'chloe:status':
      return status();
    case 'chloe:save':
      return save(message.request);
    case 'chloe:send-now':
      await sendWaiting();
      return status();
    case 'chloe:dismiss-refused': {
      const user = await currentUser(storage);
      if (user) await dismissRefused(storage, user.id);
      return status();
    }
    case 'chloe:sign-out':
      await signOutHere(client, storage);
      return status();
  }
}

chrome.runtime.onMessage.addListener((message: ToBackground, sender, respond) => {
  // Only the extension's own pages, and its content script on the app's /extension-auth.
  const fromApp = sender.origin === APP_ORIGIN || (sender.url ? new URL(sender.url).origin === APP_ORIGIN : false);
  if (sender.id !== chrome.runtime.id) return false;
  if (message.type === 'chloe:auth-update' && sender.tab && !fromApp) return false;
  handle(message).then(respond, (error: unknown) => respond({ ok: false, message: String(error) }));
  return true;
});

// /extension-auth's chrome.runtime.sendMessage(EXTENSION_ID, { type: 'authUpdate', user, session })
// (externally_connectable allows the app's origin only; checked again here).
chrome.runtime.onMessageExternal?.addListener((message: { type?: string; session?: unknown }, sender, respond) => {
  if (sender.origin !== APP_ORIGIN || message?.type !== 'authUpdate') return false;
  adopt(client, message.session).then(
    (adopted) => {
      if (adopted.ok) void sendWaiting();
      respond(adopted);
    },
    () => respond({ ok: false }),
  );
  return true;
});

// Now and then, at start and on reconnection: what waits goes when it can.
const ALARM = 'chloe-send-waiting';
chrome.runtime.onInstalled.addListener(() => void chrome.alarms.create(ALARM, { periodInMinutes: 1 }));
chrome.runtime.onStartup.addListener(() => {
  void chrome.alarms.create(ALARM, { periodInMinutes: 1 });
  void sendWaiting();
});
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === ALARM) void sendWaiting();
});
self.addEventListener('online', () => void sendWaiting());
void showWaiting();
