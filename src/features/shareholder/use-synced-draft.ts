import { useCallback, useEffect, useRef, useState } from 'react';
import { sameValue } from '../../data/conflict';
import { pick, rebase } from '../../data/form-sync';
import { refusalMessage, useRefusal, type FieldRefusal } from '../../data/refusals';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import {
  completeSubscription,
  DRAFT_FIELDS,
  reopenSubscription,
  saveDraft,
  type DraftFields,
} from '../../data/subscriptions';
import type { UserData } from '../../data/user-data';
import {
  FORM_FIELD,
  formValue,
  storedField,
  toDraftFields,
  type ShownField,
  type WizardValues,
} from './subscription-form';
import type { SubscriptionForm } from './subscription-steps';
import { normaliseShares } from './subscription';

// How each stored field is named in a refusal shown next to it.
const REFUSED_LABEL: Record<ShownField, string> = {
  subscriber_name: 'The name',
  subscriber_email: 'The email address',
  subscriber_address: 'The address',
  subscriber_phone: 'The phone number',
  number_of_shares: 'The number of shares',
  signature_data: 'The signature',
};

/** A refusal of the subscription in words, naming the field when the server named one. */
export function subscriptionRefusalWords(found: FieldRefusal): string {
  const field = found.fields.find((f): f is ShownField => f in REFUSED_LABEL);
  return refusalMessage(field ? REFUSED_LABEL[field] : 'This subscription', found.refusal);
}

const sameFields = (a: DraftFields, b: DraftFields) => DRAFT_FIELDS.every((f) => sameValue(a[f] ?? null, b[f] ?? null));

/**
 * The wizard's form kept in step with its stored draft (docs/decisions/003-sync.md, "Forms"):
 * saves write only what the user changed; a pulled change shows in every field the user has not
 * changed and is not in; a value the server refused is named next to its field.
 */
export function useSyncedDraft(
  data: UserData,
  form: SubscriptionForm,
  draft: ShareSubscriptionDoc | null,
  initial: WizardValues,
) {
  const [docId, setDocId] = useState(draft?.id ?? null);
  const idRef = useRef(docId);
  // The stored values the form last agreed with; null until the first save creates the draft.
  const [loaded] = useState(() => (draft ? (pick(draft, DRAFT_FIELDS) as DraftFields) : null));
  const baseRef = useRef<DraftFields | null>(loaded);
  const [base, setBaseState] = useState(loaded);
  const stored = useRef<DraftFields | null>(null);
  // Made by the server with the draft (migration 20261123000011): null until it has reached it.
  const [reference, setReference] = useState<string | null>(draft?.payment_reference ?? null);

  const setBase = useCallback((next: DraftFields) => {
    baseRef.current = next;
    setBaseState(next);
  }, []);

  const takePulled = useCallback(() => {
    const agreed = baseRef.current;
    if (!stored.current || !agreed) return;
    const editing = new Set<string>();
    const focused = storedField(document.activeElement?.getAttribute('name'));
    if (focused) editing.add(focused);
    const edited = toDraftFields(form.state.values, agreed);
    const { base: next, updates } = rebase(agreed, edited, stored.current, [], editing);
    for (const [field, value] of Object.entries(updates)) {
      if (field in FORM_FIELD)
        form.setFieldValue(FORM_FIELD[field as ShownField], formValue(field as ShownField, value));
    }
    if (!sameFields(next as DraftFields, agreed)) setBase(next as DraftFields);
  }, [form, setBase]);

  useEffect(() => {
    if (!docId) return;
    const sub = data.db.share_subscriptions.findOne(docId).$.subscribe((doc) => {
      if (doc) setReference(doc.payment_reference ?? null);
      if (!doc || doc.status !== 'draft') return;
      stored.current = pick(doc.toJSON(), DRAFT_FIELDS) as DraftFields;
      takePulled();
    });
    // Leaving a field shows what arrived while the user was in it (focus has moved by then).
    const onFocusOut = () => setTimeout(takePulled, 0);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      sub.unsubscribe();
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [data, docId, takePulled]);

  const refusal = useRefusal(data.db.outbox, 'share_subscriptions', docId);
  // Said next to a field while it still holds the refused value.
  const typed = {
    ...toDraftFields(form.state.values, base),
    number_of_shares: normaliseShares(form.state.values.numberOfShares).shares,
  };
  const refused: Partial<Record<keyof WizardValues, string>> = {};
  for (const field of refusal?.fields ?? []) {
    if (field in FORM_FIELD && sameValue(typed[field as ShownField] ?? null, refusal!.refused[field] ?? null)) {
      const shown = field as ShownField;
      refused[FORM_FIELD[shown]] = refusalMessage(REFUSED_LABEL[shown], refusal!.refusal);
    }
  }

  const remember = (id: string, fields: DraftFields) => {
    idRef.current = id;
    setDocId(id);
    setBase(fields);
  };

  return {
    /** Fields changed since the last save or pulled value (for the unsaved-input warning). */
    unsaved: !sameFields(toDraftFields(form.state.values, base), base ?? toDraftFields(initial)),
    refused,
    /** The payment reference the server made for this subscription, once it has the draft. */
    reference,
    /** The stored draft's id, once the first save has made it. */
    id: docId,
    save: async () => {
      const fields = toDraftFields(form.state.values, baseRef.current);
      remember(await saveDraft(data, idRef.current, fields, baseRef.current), fields);
    },
    /** Back to a draft on this device, after the server refused the signed one: fix and sign again. */
    reopen: async () => {
      if (idRef.current) await reopenSubscription(data, idRef.current);
    },
    complete: async () => {
      const fields = toDraftFields(form.state.values, baseRef.current);
      const id = await completeSubscription(data, idRef.current, fields, baseRef.current);
      remember(id, fields);
      return id;
    },
  };
}
