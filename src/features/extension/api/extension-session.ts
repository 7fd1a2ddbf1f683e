import type { Session } from '@supabase/supabase-js';
import { invokeFunction } from '../../../lib/invoke';

export type ExtensionSession = { ok: true; session: Session } | { ok: false; message: string };

/**
 * A session of the extension's own for the signed-in user (the extension-session function): the
 * app's session is never handed over, so the two refresh their tokens apart.
 */
export async function requestExtensionSession(): Promise<ExtensionSession> {
  const result = await invokeFunction<{ session?: Session } | null>('extension-session', {});
  if (!result.ok) {
    return {
      ok: false,
      message:
        result.kind === 'network'
          ? 'The extension could not be connected: the server could not be reached. Check your connection and try again.'
          : result.message,
    };
  }
  const session = result.data?.session;
  if (!session?.access_token || !session.refresh_token || !session.user) {
    return { ok: false, message: 'The server sent no session for the extension. Please try again.' };
  }
  return { ok: true, session };
}
