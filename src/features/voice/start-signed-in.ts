import type { StartReply } from './api/start-conversation';
import { MAX_AUTH_RETRIES, VoiceStartError } from './voice-rules';

/**
 * docs/product/voice.md#starting: a start refused for authentication refreshes the session and
 * tries again, at most MAX_AUTH_RETRIES times. A refresh that fails ends it at once: asking again
 * with the same dead token cannot help.
 */
export async function startSignedIn(deps: {
  request: () => Promise<StartReply>;
  refresh: () => Promise<{ ok: true } | { ok: false; message: string }>;
  log?: (line: string) => void;
}): Promise<{ signedUrl: string; conversationId: string | null }> {
  for (let retries = 0; ; retries++) {
    const reply = await deps.request();
    if (reply.ok) return { signedUrl: reply.signedUrl, conversationId: reply.conversationId };
    if (reply.kind === 'network') throw new VoiceStartError({ kind: 'connection' });
    if (reply.kind === 'signed-out') throw new VoiceStartError({ kind: 'not-signed-in' });
    if (reply.kind === 'refused' || reply.kind === 'norman-pass')
      throw new VoiceStartError({ kind: 'other', message: reply.message });
    if (retries >= MAX_AUTH_RETRIES) throw new VoiceStartError({ kind: 'retries-exhausted' });
    deps.log?.(`voice: start refused for authentication (${reply.message}); refreshing the session`);
    const refreshed = await deps.refresh();
    if (!refreshed.ok) throw new VoiceStartError({ kind: 'session-expired', detail: refreshed.message });
  }
}
