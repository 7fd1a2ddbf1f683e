import type { DatabaseClient } from '../sync/client';
import { startSync, type SyncEngine } from '../sync/engine';
import { openAssessmentDatabase, type AssessmentDatabase, type LocalDatabase } from './database';
import { keepaliveTarget } from './keepalive';
import { assessmentLiveTarget } from './live-target';
import { forgetKeptChanges, hasKeptChanges, takeInOtherTabsChanges, writeKeptChanges } from './page-going';
import { assessmentSyncTables } from './synced-tables';

/** One assessment link's local data: its own RxDB database, replicating with the link's token. */
export interface AssessmentData extends LocalDatabase<AssessmentDatabase> {
  token: string;
  engine: SyncEngine;
  client: DatabaseClient;
  /** Stops taking in what another tab of this link kept as its page went. */
  stopTakingIn: () => void;
}

/**
 * 64 bits of FNV-1a over the token, in hex: enough to keep two links apart, and nothing from which
 * the token could be read back (it has far more than 64 bits).
 */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a, b].map((n) => (n >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * One database per link, so a tablet that opens two links keeps their answers apart. Named from a
 * digest of the token, never the token: IndexedDB's names are listed to any script of the origin
 * and stay on disk, and the token is what opens the link.
 */
export const assessmentDatabaseName = (token: string) => `chloe-assessment-${digest(token)}`;

/** The name devices used before: the whole token. Still opened where it exists, to send what it holds. */
const legacyName = (token: string) => `chloe-assessment-${token}`;

async function hasDatabase(name: string): Promise<boolean> {
  const names = (await globalThis.indexedDB?.databases?.().catch(() => [])) ?? [];
  return names.some((d) => d.name?.startsWith(`rxdb-dexie-${name}--`));
}

/**
 * A completed assessment whose every change has reached the server needs nothing on the device:
 * the database goes (the link reads it back from the server). True when it was removed.
 */
async function removeIfDone(local: LocalDatabase<AssessmentDatabase>): Promise<boolean> {
  const docs = await local.db.agent_assessments.find().exec();
  const done = docs.length > 0 && docs.every((d) => d.status === 'completed');
  if (!done || (await local.outbox.count()) > 0 || hasKeptChanges(local.db.name)) return false;
  forgetKeptChanges(local.db.name);
  await local.db.remove();
  return true;
}

export async function openAssessmentData(token: string, client: DatabaseClient): Promise<AssessmentData> {
  const name = (await hasDatabase(legacyName(token))) ? legacyName(token) : assessmentDatabaseName(token);
  let local = await openAssessmentDatabase({ name });
  // Online, a completed and sent assessment left from an earlier visit goes now; offline it stays,
  // the only copy this device can show.
  if (navigator.onLine && (await removeIfDone(local))) {
    local = await openAssessmentDatabase({ name: assessmentDatabaseName(token) });
  }
  const engine = startSync({
    local,
    client,
    identifier: token,
    tables: assessmentSyncTables(local),
    keepalive: keepaliveTarget(client, local.db, { 'x-assessment-token': token }),
    live: assessmentLiveTarget(token),
    leader: () => local.db.waitForLeadership(),
  });
  // After the engine has started: the write is recorded in the outbox, and sent.
  await writeKeptChanges(local);
  return { token, ...local, engine, client, stopTakingIn: takeInOtherTabsChanges(local) };
}

export async function closeAssessmentData(data: AssessmentData) {
  const { engine, db, writes } = data;
  data.stopTakingIn();
  // What the form was still writing (a page left right after typing) goes in first.
  await writes.idle();
  await engine.stop();
  if (db.closed) return;
  if (!(await removeIfDone(data))) await db.close();
}
