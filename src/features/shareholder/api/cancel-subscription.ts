import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { errorMessage } from '../../../lib/errors';
import { ruleOf, rowRefusalMessage } from '../../../lib/refusal-words';
import { isOnline, needsConnection } from '../../../lib/online';
import { supabase } from '../../../lib/supabase';
import { toastAbout } from '../../../lib/toast';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('cancel-subscription');

export const cancelSubscriptionSchema = v.object({ subscriptionId: v.pipe(v.string(), v.uuid()) });

/**
 * Cancels a signed subscription. Online only: Postgres decides against its own clock whether the
 * cooling-off period has ended, and refuses the cancellation after it.
 */
export async function cancelSubscription(input: v.InferInput<typeof cancelSubscriptionSchema>): Promise<void> {
  const { subscriptionId } = v.parse(cancelSubscriptionSchema, input);
  const { error } = await supabase.from('share_subscriptions').update({ status: 'cancelled' }).eq('id', subscriptionId);
  if (error) throw error;
}

const FAILED = 'Could not cancel the subscription';
const NOT_TAKEN = 'The server did not accept the cancellation. Your subscription stands as it was.';

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;

/** Cancelling as the dashboard does it, saying what happened. Resolves to whether it was cancelled. */
export function useCancelSubscription(): { cancel: (subscriptionId: string) => Promise<boolean>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const cancel = useCallback(async (subscriptionId: string) => {
    if (!isOnline()) {
      toast.error(FAILED, needsConnection('Cancelling a subscription'));
      return false;
    }
    setBusy(true);
    try {
      await cancelSubscription({ subscriptionId });
      toast.success('Subscription cancelled', 'Your subscription has been cancelled within the cooling-off period.');
      return true;
    } catch (error) {
      // The server's refusal in the app's words (lib/refusal-words.ts), never its rule's name.
      const said = { message: errorMessage(error), code: codeOf(error), constraint: null };
      toast.error(FAILED, rowRefusalMessage(said) ?? (ruleOf(said) ? NOT_TAKEN : said.message));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { cancel, busy };
}
