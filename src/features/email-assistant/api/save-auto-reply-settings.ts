import { invokeFunction, type InvokeFailure } from '../../../lib/invoke';
import type { AutoReplySettings, SettingsProblem } from '../../../lib/reply-template';

export type SaveOutcome =
  | { ok: true; settings: AutoReplySettings }
  /** The server refused them (a rule they break): its words, and the field they are about. */
  | { ok: false; kind: 'refused'; message: string; field: keyof AutoReplySettings | null }
  /** Another device changed a field since it was edited here: the settings as they are now. */
  | { ok: false; kind: 'conflict'; message: string; field: keyof AutoReplySettings | null; current: AutoReplySettings }
  /** No session went with the call ('Please sign in first'). */
  | { ok: false; kind: 'signed-out'; message: string }
  /** Not sent, or no answer: worth sending again later. */
  | { ok: false; kind: 'unsent'; message: string };

/**
 * Saves settings through the gmail-auto-reply function (`{ settings: { enabled, reply_template,
 * demo_link } }`), only the fields that changed, with what they were before (`base`): a field
 * another device changed meanwhile is not overwritten unseen.
 */
export async function saveAutoReplySettings(
  settings: Partial<AutoReplySettings>,
  base?: Partial<AutoReplySettings>,
): Promise<SaveOutcome> {
  const result = await invokeFunction<{ settings?: AutoReplySettings }>('gmail-auto-reply', {
    settings,
    ...(base ? { base } : {}),
  });
  if (result.ok) {
    const saved = result.data?.settings;
    if (!saved) return { ok: false, kind: 'unsent', message: 'The server did not say what it saved' };
    return {
      ok: true,
      settings: { enabled: saved.enabled, reply_template: saved.reply_template, demo_link: saved.demo_link ?? '' },
    };
  }
  return outcomeOf(result);
}

function outcomeOf(failure: InvokeFailure): SaveOutcome {
  if (failure.kind !== 'http') return { ok: false, kind: 'unsent', message: failure.message };
  if (failure.status === 401) return { ok: false, kind: 'signed-out', message: failure.message };
  if (failure.status === 409 && failure.body?.current) {
    const current = failure.body.current as AutoReplySettings;
    return {
      ok: false,
      kind: 'conflict',
      message: failure.message,
      field: (failure.body.field as keyof AutoReplySettings | undefined) ?? null,
      current: { enabled: current.enabled, reply_template: current.reply_template, demo_link: current.demo_link ?? '' },
    };
  }
  if (failure.status === 400) {
    const problems = Array.isArray(failure.body?.problems) ? (failure.body.problems as SettingsProblem[]) : [];
    return { ok: false, kind: 'refused', message: failure.message, field: problems[0]?.field ?? null };
  }
  // The server's trouble (503 and the like): the same change is worth sending again.
  return { ok: false, kind: 'unsent', message: failure.message };
}
