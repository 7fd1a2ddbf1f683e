// @ts-check
// The messages the auth service sends while the stack runs (memory only: a restart empties it).
import { randomUUID } from 'node:crypto';

/** @typedef {{ id: string, to: string, subject: string, text: string, html: string, created_at: string }} Mail */

const KEEP = 500;

/** A mailbox, newest message first, keeping the last 500. */
export function createMailbox() {
  /** @type {Mail[]} */
  const messages = [];
  return {
    /** @param {{ to: string, subject: string, text: string, html: string }} mail */
    send(mail) {
      messages.unshift({ id: randomUUID(), created_at: new Date().toISOString(), ...mail });
      messages.length = Math.min(messages.length, KEEP);
    },
    /** Every message, or those to `to` (any case). @param {string | null} to */
    list: (to) => (to ? messages.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : [...messages]),
  };
}

/** @typedef {ReturnType<typeof createMailbox>} Mailbox */
