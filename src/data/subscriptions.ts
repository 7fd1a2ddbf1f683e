import { useEffect, useState } from 'react';
import { map } from 'rxjs';
import { newestBy as newest } from '../sync/rows';
import { subscriptionDraftId } from './draft-id';
import type { Fields } from './form-machine';
import { firstPull } from './first-pull';
import type { ShareAgreementStatusDoc, ShareSubscriptionDoc } from './schemas';
import type { SyncedDocument } from './synced-document';
import type { UserData } from './user-data';

// The signed-in user's share subscriptions, live from the local database (works offline).

export interface SubscriptionsView {
  /** Until the local data is read and, when online, the first pull from the server is in (a
   * draft made on another device must be seen before deciding where the wizard opens). */
  loading: boolean;
  /** The newest draft, or null. */
  draft: ShareSubscriptionDoc | null;
  /** The newest signed (or cancelled) subscription, or null. */
  signed: ShareSubscriptionDoc | null;
  /** Agreement status rows of `signed` (the server creates them on signing; pulled down). */
  statuses: ShareAgreementStatusDoc[];
  /** `signed` has changes this device has not sent yet (e.g. completed offline). */
  signedPending: boolean;
}

const LOADING: SubscriptionsView = { loading: true, draft: null, signed: null, statuses: [], signedPending: false };

/** The newest draft and the newest signed (or cancelled) subscription among `subs`. */
function newestOf(subs: ShareSubscriptionDoc[]) {
  return {
    draft: subs.filter((s) => s.status === 'draft').sort(newest((s) => s.updated_at))[0] ?? null,
    signed: subs.filter((s) => s.status !== 'draft').sort(newest((s) => s.created_at))[0] ?? null,
  };
}

/**
 * Where the user stands once the first pull is in: what the subscribe route decides with. The
 * draft is the one under the id every device of the account derives (draft-id.ts), whether this
 * device has it yet or not: the wizard edits that row, and takes another device's values into it
 * as soon as they arrive.
 */
export async function readSubscriptions(data: UserData) {
  await firstPull(data);
  const docs = (await data.db.share_subscriptions.find().exec()).map((d) => d.toJSON() as ShareSubscriptionDoc);
  const { signed } = newestOf(docs);
  const draftId = await subscriptionDraftId(data.userId, docs.filter((d) => d.status !== 'draft').length);
  const draft = docs.find((d) => d.id === draftId && d.status === 'draft') ?? null;
  return { signed, draft, draftId };
}

export function useSubscriptions(data: UserData | null): SubscriptionsView {
  const [view, setView] = useState<SubscriptionsView>(LOADING);
  useEffect(() => {
    if (!data) return;
    const { db } = data;
    let live = true;
    let pulled = false;
    void firstPull(data).then(() => {
      pulled = true;
      if (live) publish();
    });
    let subs: ShareSubscriptionDoc[] | null = null;
    let statuses: ShareAgreementStatusDoc[] = [];
    let pending = new Set<string>();
    function publish() {
      if (!subs || !pulled) return;
      const { draft, signed } = newestOf(subs);
      setView({
        loading: false,
        draft,
        signed,
        statuses: signed ? statuses.filter((s) => s.subscription_id === signed.id) : [],
        signedPending: signed ? pending.has(signed.id) : false,
      });
    }
    const s1 = db.share_subscriptions.find().$.subscribe((docs) => {
      subs = docs.map((d) => d.toJSON() as ShareSubscriptionDoc);
      publish();
    });
    const s2 = db.share_agreement_status.find().$.subscribe((docs) => {
      statuses = docs.map((d) => d.toJSON() as ShareAgreementStatusDoc);
      publish();
    });
    const s3 = data.outbox.waiting$('share_subscriptions').subscribe((entries) => {
      pending = new Set(entries.map((e) => e.docId));
      publish();
    });
    return () => {
      live = false;
      s1.unsubscribe();
      s2.unsubscribe();
      s3.unsubscribe();
    };
  }, [data]);
  return data ? view : LOADING;
}

export type DraftFields = Pick<
  ShareSubscriptionDoc,
  | 'subscriber_name'
  | 'subscriber_address'
  | 'subscriber_email'
  | 'subscriber_phone'
  | 'number_of_shares'
  | 'subscription_price'
  | 'total_amount'
  | 'signature_data'
  | 'signature_method'
  | 'signature_name'
>;

export const DRAFT_FIELDS = [
  'subscriber_name',
  'subscriber_address',
  'subscriber_email',
  'subscriber_phone',
  'number_of_shares',
  'subscription_price',
  'total_amount',
  'signature_data',
  'signature_method',
  'signature_name',
] as const satisfies readonly (keyof DraftFields)[];

/**
 * The user's draft as the wizard's synced form edits it, under its derived id: the first change
 * creates it (the server makes its payment reference when it arrives), later changes patch only
 * what changed. Never waits for the network: replication sends it when it can.
 */
export function draftDocument(data: UserData, id: string): SyncedDocument {
  const collection = data.db.share_subscriptions;
  const asFields = (doc: { toJSON: () => unknown } | null) => (doc ? (doc.toJSON() as Fields) : null);
  return {
    table: 'share_subscriptions',
    id,
    fields: DRAFT_FIELDS,
    listFields: [],
    local: data,
    watch: () => collection.findOne(id).$.pipe(map(asFields)),
    // Signed (or cancelled) elsewhere, it is no longer the form's: the wizard does not follow it.
    editable: (doc) => doc.status === 'draft',
    read: async () => asFields(await collection.findOne(id).exec()),
    make: (all) => ({ ...(all as DraftFields), id, user_id: data.userId, status: 'draft' }),
    insert: async (made, madeFrom) => {
      await data.outbox.noteMadeFrom('share_subscriptions', id, madeFrom);
      await collection.insert(made as ShareSubscriptionDoc);
    },
    write: async (change) => {
      const doc = await collection.findOne(id).exec();
      if (!doc) throw new Error('This subscription is not on this device.');
      await doc.incrementalModify((stored) => ({ ...stored, ...change(stored) }));
    },
  };
}

/**
 * 'Complete Subscription': the draft becomes signed, on this device first. The server sets the
 * legal facts when it receives it: the effective date, the signature time and (already made with
 * the draft) the payment reference.
 */
export async function signSubscription(data: UserData, id: string) {
  const doc = await data.db.share_subscriptions.findOne(id).exec();
  if (!doc) throw new Error('This subscription is not on this device.');
  await doc.incrementalPatch({ status: 'signed' });
}

/**
 * A signed subscription the server refused becomes a draft again on this device, so it can be
 * corrected and signed again (the server never had it signed).
 */
export async function reopenSubscription(data: UserData, id: string) {
  const doc = await data.db.share_subscriptions.findOne(id).exec();
  if (doc?.status === 'signed') await doc.incrementalPatch({ status: 'draft' });
}
