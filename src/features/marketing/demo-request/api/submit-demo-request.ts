// The demo request insert (only the error is read) and the app's one offline queue for it: a
// request made without a connection is kept on the device and sent when it returns.
import { createDemoRequestQueue, type DemoRequestQueue } from '../demo-request-queue';
import { sendDemoRequest, type DemoRequestRefusal, type DemoRequestRow } from './send-demo-request';
import { isOnline } from '../../../../lib/online';
import { supabase } from '../../../../lib/supabase';
import { toast } from '../../../../lib/toast';

/** The demo request toasts, word for word (docs/product/messages.md#demo-requests). */
export const DEMO_REQUEST_TOASTS = {
  received: ['Demo request received', "We'll be in touch with you soon!"],
  failed: ['Error', 'There was a problem submitting your request. Please try again.'],
  queued: ["You're offline", "Your request is saved on this device and will be sent when you're back online."],
  refused: ['Demo request not sent', 'A request saved on this device was not accepted. See why on the request page.'],
} as const;

export const REQUEST_PAGE = '/professional-signup';

let queue: DemoRequestQueue | undefined;

/** The app's queue (one per page, however many components use it). */
export function demoRequestQueue(): DemoRequestQueue {
  queue ??= createDemoRequestQueue({
    client: supabase,
    onSent: () => toast.success(...DEMO_REQUEST_TOASTS.received),
    onRefused: () =>
      toast.action(DEMO_REQUEST_TOASTS.refused[0], DEMO_REQUEST_TOASTS.refused[1], {
        label: 'Review',
        // Outside the router (the sender runs app-wide): a plain page load, served offline too.
        onClick: () => window.location.assign(REQUEST_PAGE),
      }),
  });
  return queue;
}

export type SubmitOutcome =
  | { kind: 'sent' }
  /** Kept on the device: no connection now. */
  | { kind: 'queued' }
  | { kind: 'refused'; refusal: DemoRequestRefusal }
  | { kind: 'failed'; message: string };

/**
 * Sends a request now, or keeps it on the device when there is no connection (the browser says
 * offline, or the request got no answer). A server error or a refusal is the caller's to show.
 */
export async function submitDemoRequest(row: DemoRequestRow): Promise<SubmitOutcome> {
  if (!isOnline()) {
    await demoRequestQueue().add(row);
    return { kind: 'queued' };
  }
  const outcome = await sendDemoRequest(supabase, row);
  if (outcome.kind === 'offline') {
    // Same id: should the server have stored it after all, the re-send counts as received.
    await demoRequestQueue().add(row);
    return { kind: 'queued' };
  }
  return outcome;
}
