// The auto-reply's template and its rules, in one file for both sides: the gmail-auto-reply
// function fills and checks templates with it, and the app's Settings tab (through
// src/lib/reply-template.ts) previews and checks them with the very same code, so the preview is
// what a sender receives. Plain TypeScript, no imports: it runs under Deno and in the browser.

export const PLACEHOLDERS = { first_name: '{first_name}', demo_link: '{demo_link}' } as const;

export type ReplyValues = { first_name: string; demo_link: string };

/** The template a user has before saving their own (the column default of auto_reply_settings). */
export const DEFAULT_REPLY_TEMPLATE =
  'Hi {first_name},\n\n' +
  "Thank you for your email. I'm Chloe, the AI assistant for our team, and I'll make sure " +
  'the right person gets back to you shortly.\n\n' +
  'In the meantime, you can book a quick demo at a time that suits you: {demo_link}\n\n' +
  'Kind regards,\nChloe';

/** The preview's sample first name (docs/product/email-assistant.md#preview). */
export const SAMPLE_FIRST_NAME = 'Sarah';
/** The preview's link while no demo link is entered. */
export const SAMPLE_DEMO_LINK = 'https://example.com/book-a-demo';

/** The bounds of auto_reply_settings' named checks (migration 20261123000011). */
export const MAX_REPLY_TEMPLATE = 5000;
export const MAX_DEMO_LINK = 2048;

/**
 * The template with the first `{first_name}` and the first `{demo_link}` filled in (only the first
 * occurrence of each). In one pass over the template: a value that itself contains a placeholder,
 * or `$&`, is written as it is.
 */
export function fillReplyTemplate(template: string, values: ReplyValues): string {
  const slots = (Object.keys(PLACEHOLDERS) as (keyof ReplyValues)[])
    .map((key) => ({ key, at: template.indexOf(PLACEHOLDERS[key]) }))
    .filter((slot) => slot.at >= 0)
    .sort((a, b) => a.at - b.at);
  let out = '';
  let from = 0;
  for (const { key, at } of slots) {
    out += template.slice(from, at) + values[key];
    from = at + PLACEHOLDERS[key].length;
  }
  return out + template.slice(from);
}

export type AutoReplySettings = { enabled: boolean; reply_template: string; demo_link: string };
export type SettingsProblem = { field: keyof AutoReplySettings; message: string };

const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const count = (n: number) => n.toLocaleString('en-GB');

export const SETTINGS_MESSAGES = {
  templateRequired: 'Please enter a reply template.',
  templateTooLong: `The reply template is too long: at most ${count(MAX_REPLY_TEMPLATE)} characters.`,
  linkNotUrl: 'Enter a web address starting with http:// or https://',
  linkTooLong: `The demo link is too long: at most ${count(MAX_DEMO_LINK)} characters.`,
  linkNeeded: 'Add your demo link, or take {demo_link} out of the template.',
} as const;

/** What is wrong with these settings, field by field (none: they may be saved). */
export function settingsProblems(settings: AutoReplySettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const template = settings.reply_template;
  const link = settings.demo_link.trim();
  if (!template.trim()) problems.push({ field: 'reply_template', message: SETTINGS_MESSAGES.templateRequired });
  else if (template.length > MAX_REPLY_TEMPLATE) {
    problems.push({ field: 'reply_template', message: SETTINGS_MESSAGES.templateTooLong });
  }
  if (link.length > MAX_DEMO_LINK) problems.push({ field: 'demo_link', message: SETTINGS_MESSAGES.linkTooLong });
  else if (link && !HTTP_URL.test(link)) problems.push({ field: 'demo_link', message: SETTINGS_MESSAGES.linkNotUrl });
  else if (!link && settings.enabled && template.includes(PLACEHOLDERS.demo_link)) {
    problems.push({ field: 'demo_link', message: SETTINGS_MESSAGES.linkNeeded });
  }
  return problems;
}

/** An activity-log reason: the mailbox is connected to another Chloe account too, whose
 * auto-reply answered the conversation first (docs/decisions/022-one-reply-per-mailbox.md). */
export const answeredBy = (email: string) =>
  `Already answered in this conversation by the Chloe account ${email}, which also has this mailbox connected`;
