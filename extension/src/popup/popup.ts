// The toolbar popup: who is signed in, what the listing in the current tab says, and 'Save property'.
// Signed out, it sends the user to the app's /extension-auth (the extension never asks for a password).
import { CONFIG } from '../config';
import { canSave } from '../listing/parse';
import { FIELD_LABELS, type Extraction, type ListingFields } from '../listing/types';
import type { SaveOutcome, Status, ToBackground, ToListingTab } from '../messages';

const app = document.getElementById('app')!;

const ask = <T>(message: ToBackground) => chrome.runtime.sendMessage<ToBackground, T>(message);

/** An element with text (never HTML: listing pages are other people's words). */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

const openApp = (path: string) => {
  void chrome.tabs.create({ url: new URL(path, CONFIG.appUrl).href });
  window.close();
};

const price = (value: number | null) =>
  value === null
    ? null
    : new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 }).format(value);

/** The tab the popup is about: the active one (when the popup is opened as a page, the last one used before it). */
async function listingTab(): Promise<chrome.tabs.Tab | undefined> {
  const self = await chrome.tabs.getCurrent();
  const active = (await chrome.tabs.query({ active: true, lastFocusedWindow: true })).filter((t) => t.id !== self?.id);
  if (active.length) return active[0];
  // Without the tabs permission a tab's address is not shown to the extension: the content script says what it is.
  const others = (await chrome.tabs.query({})).filter((t) => t.id !== self?.id);
  return others.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

async function read(): Promise<Extraction | null> {
  const tab = await listingTab();
  if (tab?.id === undefined) return null;
  try {
    return await chrome.tabs.sendMessage<ToListingTab, Extraction>(tab.id, { type: 'chloe:extract' });
  } catch {
    // No content script there: not a Rightmove or Zoopla listing page.
    return null;
  }
}

function signedOut(focus = false) {
  const connect = el('button', {
    type: 'button',
    textContent: 'Connect to Chloe',
    onclick: () => openApp('/extension-auth'),
  });
  app.replaceChildren(
    el('h1', { textContent: 'Save properties to Chloe' }),
    el('p', {
      className: 'muted',
      textContent: 'Connect the extension to your Chloe account, then save listings from Rightmove and Zoopla.',
    }),
    connect,
  );
  // The button pressed (Sign out) is gone: focus goes to what replaced it, not to the page's start.
  if (focus) connect.focus();
}

function details(fields: ListingFields) {
  const rows: [string, string | null][] = [
    ['Address', fields.address],
    ['Price', price(fields.price)],
    ['Bedrooms', fields.bedrooms === null ? null : String(fields.bedrooms)],
    ['Type', fields.propertyType],
    ['Agent', fields.agentName],
    ['Agency', fields.agencyName],
  ];
  const list = el('dl');
  for (const [label, value] of rows)
    if (value) list.append(el('dt', { textContent: label }), el('dd', { textContent: value }));
  return list;
}

function header(status: Status) {
  const signOut = el('button', { type: 'button', className: 'secondary', textContent: 'Sign out' });
  signOut.onclick = async () => {
    signOut.disabled = true;
    await ask({ type: 'chloe:sign-out' });
    signedOut(true);
  };
  return el(
    'div',
    { className: 'row' },
    el('p', { className: 'muted', textContent: `Signed in as ${status.email ?? 'your account'}` }),
    signOut,
  );
}

function waitingNote(status: Status) {
  if (!status.waiting) return null;
  const send = el('button', { type: 'button', className: 'secondary', textContent: 'Send now' });
  const note = el(
    'div',
    { className: 'note row', role: 'status' },
    el('span', {
      textContent: `${status.waiting} ${status.waiting === 1 ? 'save is' : 'saves are'} waiting to be sent`,
    }),
    send,
  );
  send.onclick = async () => {
    send.disabled = true;
    await ask({ type: 'chloe:send-now' });
    void render();
  };
  return note;
}

/** Saves sent later that the server refused: said once, until the user has read them. */
function refusedNote(status: Status) {
  if (!status.refused.length) return null;
  const ok = el('button', { type: 'button', className: 'secondary', textContent: 'Dismiss' });
  ok.onclick = async () => {
    ok.disabled = true;
    await ask({ type: 'chloe:dismiss-refused' });
    await render();
    const heading = app.querySelector('h1');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  };
  return el(
    'div',
    { className: 'alert', role: 'alert' },
    el('p', {
      textContent:
        status.refused.length === 1
          ? 'A save kept on this device was refused by Chloe:'
          : `${status.refused.length} saves kept on this device were refused by Chloe:`,
    }),
    el(
      'ul',
      {},
      ...status.refused.map((r) => el('li', { textContent: `${r.title ?? r.address ?? 'A listing'}: ${r.message}` })),
    ),
    ok,
  );
}

type Listing = Extract<Extraction, { kind: 'listing' }>;

/** What the popup says on a page that is not a listing. */
function nothingToSave(found: Extract<Extraction, { kind: 'not-listing' }> | null) {
  return [
    el('h1', { textContent: 'Nothing to save on this page' }),
    el('p', {
      className: 'alert',
      role: 'alert',
      textContent:
        found?.reason ??
        'This page is not a property listing. Open a property on Rightmove or Zoopla, then click the Chloe icon.',
    }),
  ];
}

/** The listing as read from the page: its title, details, key features and what the page lacks. */
function listingParts(found: Listing) {
  const { fields } = found;
  const parts: Node[] = [el('h1', { textContent: fields.title ?? 'Untitled listing' }), details(fields)];
  if (fields.keyFeatures.length) {
    parts.push(
      el('h2', { textContent: 'Key features' }),
      el('ul', {}, ...fields.keyFeatures.map((f) => el('li', { textContent: f }))),
    );
  }
  if (found.missing.length) {
    parts.push(
      el('p', {
        className: 'muted',
        textContent: `Not found on this page: ${found.missing.map((m) => FIELD_LABELS[m]).join(', ')}.`,
      }),
    );
  }
  return parts;
}

/** 'Save property' and where its outcome is said. */
function saveControls(found: Listing) {
  const result = el('div', { role: 'status' });
  const save = el('button', { type: 'button', textContent: 'Save property' });
  save.onclick = async () => {
    save.disabled = true;
    save.textContent = 'Saving…';
    const outcome = await ask<SaveOutcome>({
      type: 'chloe:save',
      request: {
        id: crypto.randomUUID(),
        portal: found.portal,
        portalId: found.portalId,
        url: found.url,
        fields: found.fields,
        savedAt: Date.now(),
      },
    });
    save.textContent = 'Save property';
    save.disabled = false;
    if (outcome.kind === 'signed-out') return signedOut();
    showOutcome(result, outcome);
  };
  return [save, result];
}

/** What became of a save (other than a signed-out user), said under the button. */
function showOutcome(result: HTMLElement, outcome: Exclude<SaveOutcome, { kind: 'signed-out' }>) {
  if (outcome.kind === 'saved') {
    const view = el('button', {
      type: 'button',
      className: 'secondary',
      textContent: 'View saved properties',
      onclick: () => openApp('/saved-properties'),
    });
    result.replaceChildren(
      el('p', {
        className: 'done',
        textContent: outcome.updated ? 'Updated in your saved properties.' : 'Saved to your properties.',
      }),
      view,
    );
  } else if (outcome.kind === 'queued') {
    result.replaceChildren(
      el('p', { className: 'note', textContent: `${outcome.message} (${outcome.waiting} waiting)` }),
    );
  } else {
    result.replaceChildren(el('p', { className: 'alert', role: 'alert', textContent: outcome.message }));
  }
}

async function render() {
  const status = await ask<Status>({ type: 'chloe:status' });
  if (!status.signedIn) return signedOut();
  const parts: Node[] = [header(status)];
  const waiting = waitingNote(status);
  if (waiting) parts.push(waiting);
  const refused = refusedNote(status);
  if (refused) parts.push(refused);
  const found = await read();
  if (!found || found.kind === 'not-listing') {
    parts.push(...nothingToSave(found));
    return app.replaceChildren(...parts);
  }
  parts.push(...listingParts(found));
  if (!canSave(found.fields)) {
    parts.push(
      el('p', {
        className: 'alert',
        role: 'alert',
        textContent:
          'Chloe needs at least a title and an address to save a property, and this page does not show both.',
      }),
    );
    return app.replaceChildren(...parts);
  }
  parts.push(...saveControls(found));
  app.replaceChildren(...parts);
}

void render();
