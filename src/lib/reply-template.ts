// The auto-reply template's rules, the very code the gmail-auto-reply function runs (one file for
// both: the preview is what a sender receives).
export {
  DEFAULT_REPLY_TEMPLATE,
  fillReplyTemplate,
  MAX_DEMO_LINK,
  MAX_REPLY_TEMPLATE,
  PLACEHOLDERS,
  SAMPLE_DEMO_LINK,
  SAMPLE_FIRST_NAME,
  SETTINGS_MESSAGES,
  settingsProblems,
  type AutoReplySettings,
  type ReplyValues,
  type SettingsProblem,
} from '../../supabase/functions/_shared/reply-template';
