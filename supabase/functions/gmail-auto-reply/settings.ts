// Saving a user's auto-reply settings: what the request may hold, checked by the same rules the
// Settings tab shows (_shared/reply-template.ts), and written as the user (RLS: their own row only).
import { createClient } from 'npm:@supabase/supabase-js@2';
import {
  type AutoReplySettings,
  DEFAULT_REPLY_TEMPLATE,
  MAX_DEMO_LINK,
  MAX_REPLY_TEMPLATE,
  settingsProblems,
  type SettingsProblem,
} from '../_shared/reply-template.ts';

export type SettingsChange = Partial<AutoReplySettings>;

export type Parsed = { ok: true; change: SettingsChange } | { ok: false; error: string };

/**
 * `{ settings: { enabled?, reply_template?, demo_link? } }`: any of the three (an edit made offline
 * sends only the fields it changed, so a field another device saved meanwhile is kept).
 */
export function parseSettings(body: unknown): Parsed {
  const settings = (body as { settings?: unknown } | null)?.settings;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    return { ok: false, error: 'Send the settings as { settings: { enabled, reply_template, demo_link } }' };
  }
  const { enabled, reply_template: template, demo_link: link } = settings as Record<string, unknown>;
  const change: SettingsChange = {};
  if (enabled !== undefined) {
    if (typeof enabled !== 'boolean') return { ok: false, error: 'enabled must be true or false' };
    change.enabled = enabled;
  }
  if (template !== undefined) {
    if (typeof template !== 'string') return { ok: false, error: 'reply_template must be a text' };
    // Far past the bound: refused without copying it around.
    if (template.length > MAX_REPLY_TEMPLATE * 4) return { ok: false, error: 'The reply template is too long' };
    change.reply_template = template;
  }
  if (link !== undefined && link !== null) {
    if (typeof link !== 'string') return { ok: false, error: 'demo_link must be a text' };
    if (link.length > MAX_DEMO_LINK * 4) return { ok: false, error: 'The demo link is too long' };
    change.demo_link = link.trim();
  } else if (link === null) change.demo_link = '';
  if (!Object.keys(change).length) return { ok: false, error: 'No settings to save' };
  return { ok: true, change };
}

export type Saved =
  | { ok: true; settings: AutoReplySettings & { updated_at: string } }
  | { ok: false; status: number; code: string; error: string; problems?: SettingsProblem[] };

/** Reads the user's row (or the defaults), applies the change, checks the result and upserts it. */
export async function saveSettings(token: string, userId: string, change: SettingsChange): Promise<Saved> {
  const db = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const current = await db
    .from('auto_reply_settings')
    .select('enabled, reply_template, demo_link')
    .eq('user_id', userId)
    .maybeSingle();
  if (current.error) {
    return {
      ok: false,
      status: 503,
      code: 'database_unavailable',
      error: 'Your settings could not be read. Please try again.',
    };
  }
  const base: AutoReplySettings = current.data
    ? {
        enabled: current.data.enabled,
        reply_template: current.data.reply_template,
        demo_link: current.data.demo_link ?? '',
      }
    : { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: '' };
  const next = { ...base, ...change };
  const problems = settingsProblems(next);
  if (problems.length) {
    return { ok: false, status: 400, code: 'invalid_settings', error: problems[0]!.message, problems };
  }
  const saved = await db
    .from('auto_reply_settings')
    .upsert({ user_id: userId, ...next }, { onConflict: 'user_id' })
    .select('enabled, reply_template, demo_link, updated_at')
    .single();
  if (saved.error) {
    // A check the rules above missed is still the database's to refuse, by name.
    const refused = /^(22|23)/.test(saved.error.code ?? '');
    return {
      ok: false,
      status: refused ? 400 : 503,
      code: refused ? 'invalid_settings' : 'database_unavailable',
      error: refused ? saved.error.message : 'Your settings could not be saved. Please try again.',
    };
  }
  return { ok: true, settings: { ...saved.data, demo_link: saved.data.demo_link ?? '' } };
}
