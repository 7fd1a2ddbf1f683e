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
import { publishableKey } from '../_shared/keys.ts';

export type SettingsChange = Partial<AutoReplySettings>;

export type Parsed = { ok: true; change: SettingsChange; base: SettingsChange | null } | { ok: false; error: string };

/** One of the two objects of a request, field by field: a change, or what it was based on. */
function readFields(value: unknown, what: string): { ok: true; fields: SettingsChange } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: `Send the ${what} as { enabled, reply_template, demo_link }` };
  }
  const { enabled, reply_template: template, demo_link: link } = value as Record<string, unknown>;
  const fields: SettingsChange = {};
  if (enabled !== undefined) {
    if (typeof enabled !== 'boolean') return { ok: false, error: 'enabled must be true or false' };
    fields.enabled = enabled;
  }
  if (template !== undefined) {
    if (typeof template !== 'string') return { ok: false, error: 'reply_template must be a text' };
    // Far past the bound: refused without copying it around.
    if (template.length > MAX_REPLY_TEMPLATE * 4) return { ok: false, error: 'The reply template is too long' };
    fields.reply_template = template;
  }
  if (link !== undefined && link !== null) {
    if (typeof link !== 'string') return { ok: false, error: 'demo_link must be a text' };
    if (link.length > MAX_DEMO_LINK * 4) return { ok: false, error: 'The demo link is too long' };
    fields.demo_link = link.trim();
  } else if (link === null) fields.demo_link = '';
  return { ok: true, fields };
}

/**
 * `{ settings: { enabled?, reply_template?, demo_link? }, base? }`: any of the three (an edit made
 * offline sends only the fields it changed, so what another device saved in the others is kept).
 * `base`, when sent, is what those fields were when the user changed them: a field another device
 * changed since is not overwritten without the user knowing (a conflict, 409).
 */
export function parseSettings(body: unknown): Parsed {
  const request = (typeof body === 'object' && body !== null ? body : {}) as { settings?: unknown; base?: unknown };
  const change = readFields(request.settings, 'settings');
  if (!change.ok) return change;
  if (!Object.keys(change.fields).length) return { ok: false, error: 'No settings to save' };
  if (request.base === undefined || request.base === null) return { ok: true, change: change.fields, base: null };
  const base = readFields(request.base, 'base');
  if (!base.ok) return base;
  return { ok: true, change: change.fields, base: base.fields };
}

export type Saved =
  | { ok: true; settings: AutoReplySettings & { updated_at: string } }
  | {
      ok: false;
      status: number;
      code: string;
      error: string;
      problems?: SettingsProblem[];
      /** A conflict: the field, and the settings as they are now, for the app to base the next save on. */
      field?: keyof AutoReplySettings;
      current?: AutoReplySettings;
    };

const FIELD_WORDS: Record<keyof AutoReplySettings, string> = {
  enabled: 'Auto-reply was turned',
  reply_template: 'The reply template was changed',
  demo_link: 'The demo link was changed',
};

function conflictMessage(field: keyof AutoReplySettings, now: AutoReplySettings): string {
  const what =
    field === 'enabled'
      ? `${FIELD_WORDS.enabled} ${now.enabled ? 'on' : 'off'}`
      : field === 'demo_link' && now.demo_link
        ? `${FIELD_WORDS.demo_link} to ${now.demo_link.slice(0, 200)}`
        : FIELD_WORDS[field];
  return `${what} on another device after you edited it. Save again to keep yours.`;
}

/** Tries before a save that keeps meeting another one gives up (each try is one compare-and-set). */
const ATTEMPTS = 3;

/**
 * Reads the user's row (or the defaults), applies the change, checks the result and writes it only
 * if the row is still as read (its updated_at): two saves at the same moment cannot both pass the
 * `base` check and overwrite each other; the later one reads again and is judged on what is there.
 */
export async function saveSettings(
  token: string,
  userId: string,
  change: SettingsChange,
  base: SettingsChange | null,
): Promise<Saved> {
  const db = createClient(Deno.env.get('SUPABASE_URL') ?? '', publishableKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const unavailable = (error: string): Saved => ({ ok: false, status: 503, code: 'database_unavailable', error });
  const columns = 'enabled, reply_template, demo_link, updated_at';
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await db.from('auto_reply_settings').select(columns).eq('user_id', userId).maybeSingle();
    if (current.error) return unavailable('Your settings could not be read. Please try again.');
    const now: AutoReplySettings = current.data
      ? {
          enabled: current.data.enabled,
          reply_template: current.data.reply_template,
          demo_link: current.data.demo_link ?? '',
        }
      : { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: '' };
    // A field changed elsewhere since the user's edit, to something else than the user's value.
    const fields = Object.keys(change) as (keyof AutoReplySettings)[];
    const conflict = base ? fields.find((f) => f in base && base[f] !== now[f] && change[f] !== now[f]) : undefined;
    if (conflict) {
      return {
        ok: false,
        status: 409,
        code: 'settings_conflict',
        error: conflictMessage(conflict, now),
        field: conflict,
        current: now,
      };
    }
    const next = { ...now, ...change };
    const problems = settingsProblems(next);
    if (problems.length) {
      return { ok: false, status: 400, code: 'invalid_settings', error: problems[0]!.message, problems };
    }
    const saved = current.data
      ? await db
          .from('auto_reply_settings')
          .update(next)
          .eq('user_id', userId)
          .eq('updated_at', current.data.updated_at)
          .select(columns)
          .maybeSingle()
      : await db
          .from('auto_reply_settings')
          .insert({ user_id: userId, ...next })
          .select(columns)
          .maybeSingle();
    // Another save changed the row (or created it) since it was read: read again.
    if (saved.error?.code === '23505' || (!saved.error && !saved.data)) continue;
    if (saved.error) {
      // A check the rules above missed is still the database's to refuse, by name.
      if (/^(22|23)/.test(saved.error.code ?? '')) {
        return { ok: false, status: 400, code: 'invalid_settings', error: saved.error.message };
      }
      return unavailable('Your settings could not be saved. Please try again.');
    }
    return { ok: true, settings: { ...saved.data!, demo_link: saved.data!.demo_link ?? '' } };
  }
  return unavailable('Your settings were being changed elsewhere at the same moment. Please try again.');
}
