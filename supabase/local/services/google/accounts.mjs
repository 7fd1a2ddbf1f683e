// @ts-check
// Who the local Google knows: its OAuth client, its accounts, the demo's grant, Gmail's scopes.

/** The local OAuth client (its secret is new at every start and goes only to the functions). */
export const GOOGLE_CLIENT_ID = 'chloe-local.apps.googleusercontent.test';

/** Addresses a consent may create a mailbox for, besides the listed ones. */
export const LOCAL_DOMAIN = 'gmail.test';

/** The mailboxes every local Google has; a consent can also create one (…@gmail.test). */
export const LOCAL_GOOGLE_ACCOUNTS = Object.freeze([
  { email: 'demo.chloe@gmail.test', name: 'Demo Chloe' },
  { email: 'alex.mover@gmail.test', name: 'Alex Mover' },
  { email: 'sam.agent@gmail.test', name: 'Sam Agent' },
]);

/**
 * The demo user's mailbox is connected by supabase/seed.sql with this refresh token; the stand-in
 * knows it as a grant of demo.chloe@gmail.test, so the demo answers mail from the first start.
 */
export const DEMO_GRANT = Object.freeze({
  email: 'demo.chloe@gmail.test',
  refreshToken: '1//local-demo-chloe-refresh-token',
});

export const GMAIL_SCOPES = Object.freeze({
  readonly: 'https://www.googleapis.com/auth/gmail.readonly',
  send: 'https://www.googleapis.com/auth/gmail.send',
  modify: 'https://www.googleapis.com/auth/gmail.modify',
  full: 'https://mail.google.com/',
});
/** Any of these lets a token read mail; any of the next, send it. */
export const READ_SCOPES = [GMAIL_SCOPES.readonly, GMAIL_SCOPES.modify, GMAIL_SCOPES.full];
export const SEND_SCOPES = [GMAIL_SCOPES.send, GMAIL_SCOPES.modify, GMAIL_SCOPES.full];

/** A plausible email address (what the consent page and the local tools accept). @param {string} value */
export const isAddress = (value) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
