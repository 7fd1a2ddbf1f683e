// What the subscription wizard's buttons do besides moving between steps: save for later, and
// complete; and what it does when the subscription is made final on another device.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { useNavigate } from '@tanstack/react-router';
import { firstValueFrom } from 'rxjs';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { whenServerHas } from '../../data/refusals';
import { reopenSubscription, signSubscription } from '../../data/subscriptions';
import type { SyncedForm } from '../../data/synced-form';
import type { UserData } from '../../data/user-data';
import { failureWords } from '../../lib/refusal-words';
import { toastAbout } from '../../lib/toast';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { signedElsewhereSentence } from './signed-elsewhere';
import { subscriptionRefusalWords } from './subscription-form';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('share-subscription');

type Navigate = ReturnType<typeof useNavigate>;

const TABLE = 'share_subscriptions';
const SAVED_HERE = 'Saved on this device. It will be sent to your account as soon as you are back online.';
export const saveFailed = (error: unknown) => toast.error('Save Failed', failureWords(error));

/**
 * Signed or cancelled on another device while open here: the dashboard, at once, saying so (what
 * was typed here since is in the conflict log; the dashboard names it). Returns the flag that
 * completing here sets, as signing here turns it final too (the row may turn signed after
 * complete() has returned): that is not news.
 */
export function useLeaveWhenFinal(stored: Partial<ShareSubscriptionDoc> | null, navigate: Navigate) {
  const finalHere = stored?.status === 'signed' || stored?.status === 'cancelled';
  const completingHereRef = useRef(false);
  const left = useRef(false);
  useEffect(() => {
    if (!finalHere || !stored) {
      left.current = false;
      return;
    }
    if (left.current) return;
    left.current = true;
    if (completingHereRef.current) return;
    const sub = stored as ShareSubscriptionDoc;
    toast.info(
      sub.status === 'cancelled' ? 'Cancelled on another device' : 'Signed on another device',
      signedElsewhereSentence(sub, []),
    );
    void navigate({ to: '/shareholder/dashboard', replace: true });
  }, [finalHere, stored, navigate]);
  return completingHereRef;
}

/**
 * 'Saved' once it is: on this device (the write resolved), and in the account when online (the
 * draft is to be resumed elsewhere). Closing the tab meanwhile still sends it as the page goes.
 */
export function useSaveForLater(data: UserData, synced: SyncedForm) {
  const [saving, setSaving] = useState(false);
  async function saveAndContinueLater() {
    setSaving(true);
    try {
      const typed = hasUnsavedInput();
      const id = await synced.flush({ create: true });
      await data.outbox.recorded(TABLE, id);
      const waiting = typed || (await firstValueFrom(data.outbox.watch(TABLE, id))) !== null;
      const sent = waiting ? await whenServerHas(data.outbox, TABLE, id) : null;
      if (sent?.outcome === 'refused') toast.error('Save Failed', subscriptionRefusalWords(sent.refusal));
      else if (sent?.outcome === 'waiting') toast.success('Progress Saved', SAVED_HERE);
      else toast.success('Progress Saved', 'Your subscription progress has been saved.');
    } catch (error) {
      toast.error('Save Failed', failureWords(error));
    } finally {
      setSaving(false);
    }
  }
  return { saving, saveAndContinueLater };
}

/** Signing: 'Submitted' once the server has it, back to a draft here if it refuses it. */
export function useCompleteSubscription(
  data: UserData,
  synced: SyncedForm,
  navigate: Navigate,
  completingHereRef: RefObject<boolean>,
) {
  const [completing, setCompleting] = useState(false);
  async function complete() {
    if (!data.userId) {
      toast.error('Authentication Required', 'Please sign in to complete your subscription.');
      return;
    }
    setCompleting(true);
    completingHereRef.current = true;
    try {
      await synced.flush({ create: true });
      const id = await synced.after(async (saved) => {
        await signSubscription(data, saved);
        return saved;
      });
      // 'Submitted' only once the server has it; offline it is saved here and sent later.
      const sent = await whenServerHas(data.outbox, 'share_subscriptions', id);
      if (sent.outcome === 'refused') {
        // The server never had it signed: back to a draft here, to correct and sign again.
        await synced.after(() => reopenSubscription(data, id));
        // A draft again: a signing elsewhere would be news again.
        completingHereRef.current = false;
        toast.error('Submission Failed', subscriptionRefusalWords(sent.refusal));
        return;
      }
      if (sent.outcome === 'landed') {
        toast.success('Subscription Completed!', 'Your share subscription has been submitted successfully.');
      } else {
        toast.info(
          'Subscription saved on this device',
          'It will be sent as soon as you are back online. Your dashboard shows when it has been received.',
        );
      }
      await navigate({ to: '/shareholder/dashboard' });
    } catch (error) {
      toast.error('Submission Failed', failureWords(error));
    } finally {
      setCompleting(false);
    }
  }
  return { completing, complete };
}
