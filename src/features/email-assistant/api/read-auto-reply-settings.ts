import { useCallback } from 'react';
import type { UserDatabase } from '../../../data/database';
import { DEFAULT_REPLY_TEMPLATE, type AutoReplySettings } from '../../../lib/reply-template';
import { supabase } from '../../../lib/supabase';
import { useKeptQuery, type KeptQuery } from '../../../data/kept-query';

/** What a user has before saving settings of their own (the table's defaults: enabled). */
export const DEFAULT_SETTINGS: AutoReplySettings = {
  enabled: true,
  reply_template: DEFAULT_REPLY_TEMPLATE,
  demo_link: '',
};

/**
 * The user's auto-reply settings (a single row; 'no row', PGRST116, is not an error but the
 * defaults).
 */
export async function readAutoReplySettings(userId: string): Promise<AutoReplySettings> {
  const { data, error } = await supabase
    .from('auto_reply_settings')
    .select('enabled, reply_template, demo_link')
    .eq('user_id', userId)
    .single();
  if (error?.code === 'PGRST116') return DEFAULT_SETTINGS;
  if (error) throw error;
  return { enabled: data.enabled, reply_template: data.reply_template, demo_link: data.demo_link ?? '' };
}

/** The settings, with the last loaded ones kept on the device for reading offline. */
export function useAutoReplySettings(db: UserDatabase | null, userId: string): KeptQuery<AutoReplySettings> {
  return useKeptQuery(
    db,
    'auto_reply_settings',
    useCallback(() => readAutoReplySettings(userId), [userId]),
  );
}
