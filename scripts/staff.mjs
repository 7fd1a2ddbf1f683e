// @ts-check
// npm run staff -- <command> [payment reference]: what staff do to move a share agreement along,
// and the email assistant's tools (run the auto-reply now; drop a message into a local inbox).
// Talks to Supabase with the service role (the only role allowed to change these flags), so it
// works the same against the local stack (found with the settings `npm start` uses:
// SUPABASE_API_PORT) and, with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set, against a hosted
// project.
import { parseArgs } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { errorMessage } from '../supabase/local/shared/errors.mjs';
import { localKeys, localSettings } from '../supabase/local/shared/settings.mjs';
import { runAutoReply } from '../supabase/local/stack/auto-reply.mjs';
import { shown } from './terminal-text.mjs';

/** @type {Record<string, { column: string, label: string }>} */
export const STEPS = {
  'payment-received': { column: 'payment_received', label: 'payment received' },
  'shares-issued': { column: 'shares_issued', label: 'shares issued' },
  'certificate-issued': { column: 'share_certificate_issued', label: 'share certificate issued' },
  'eis-sent': { column: 'eis_documentation_sent', label: 'EIS documentation sent' },
};

const USAGE = `Usage: npm run staff -- <command> [payment-reference]

Commands:
  list                                 signed subscriptions and where each agreement stands
  payment-received <reference>         mark the payment as received
  shares-issued <reference>            mark the shares as issued (needs payment received)
  certificate-issued <reference>       mark the share certificate as issued (needs shares issued)
  eis-sent <reference>                 mark the EIS documentation as sent

  process-mail [<gmail address>]       run the email auto-reply now (every connected account, or one)
  mail-in --to <address> --from <address> --subject <text> [--text <body>] [--header 'Name: value']
                                       drop a message into a local Gmail inbox (the local stack only)

Environment: SUPABASE_URL and SUPABASE_SECRET_KEY (or the legacy SUPABASE_SERVICE_ROLE_KEY) for a
hosted project (default: the local stack that npm start runs, on SUPABASE_API_PORT or 54321);
GOOGLE_PORT for mail-in (default 54326).`;

/**
 * mail-in: a message for a local Gmail inbox, as if someone had written to it.
 * @param {string[]} args @param {string} googleUrl
 */
async function mailIn(args, googleUrl) {
  const { values } = parseArgs({
    args,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      subject: { type: 'string', default: '' },
      text: { type: 'string', default: '' },
      header: { type: 'string', multiple: true, default: [] },
    },
    strict: true,
  });
  if (!values.to || !values.from) {
    console.error(`mail-in needs --to and --from.\n\n${USAGE}`);
    return 2;
  }
  /** @type {Record<string, string>} */
  const headers = {};
  for (const line of values.header) {
    const colon = line.indexOf(':');
    if (colon < 1) {
      console.error(`--header '${line}' is not 'Name: value'.`);
      return 2;
    }
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  let response;
  try {
    response = await fetch(`${googleUrl}/_local/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: values.to, from: values.from, subject: values.subject, text: values.text, headers }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Error(`Could not reach the local Google at ${googleUrl}. Is the local stack running (npm start)?`);
  }
  /** @type {unknown} */
  const answer = await response.json().catch(() => ({}));
  const body = /** @type {Record<string, unknown>} */ (answer);
  if (!response.ok) {
    console.error(
      `The local Google refused the message: ${typeof body.error === 'string' ? shown(body.error) : response.status}`,
    );
    return 1;
  }
  console.log(
    `Delivered to ${shown(values.to)} (message ${shown(body.id)}, thread ${shown(body.threadId)}). ` +
      'The auto-reply answers it within a minute, or now with: npm run staff -- process-mail',
  );
  return 0;
}

/**
 * Fails with what could not be reached, and what to do about it, when nothing answers at `url`
 * (supabase-js would only say 'TypeError: fetch failed', after retrying for seconds).
 * @param {string} url @param {string | null | undefined} localPort SUPABASE_API_PORT for the local stack; null for SUPABASE_URL
 */
async function checkReachable(url, localPort) {
  try {
    await fetch(new URL('/rest/v1/', url), { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code = typeof cause === 'object' && cause && 'code' in cause ? String(cause.code) : '';
    const why = code === 'ECONNREFUSED' ? 'nothing is listening there' : errorMessage(cause) || 'no answer';
    const start = localPort ? `SUPABASE_API_PORT=${localPort} npm start` : 'npm start';
    throw new Error(
      `Could not reach the Supabase API at ${url} (${why}).\n` +
        (localPort !== null
          ? `Is the local stack running? Start it with \`${start}\` (or \`npm run stack\`) and try again. ` +
            'For a hosted project, set SUPABASE_URL and SUPABASE_SECRET_KEY (or SUPABASE_SERVICE_ROLE_KEY).'
          : 'Check SUPABASE_URL, or unset it to use the local stack (`npm start`).'),
      { cause: error },
    );
  }
}

/**
 * The service role's client, for the project at SUPABASE_URL or the local stack, once it answers.
 * @param {ReturnType<typeof localSettings>} settings
 */
async function connect(settings) {
  const url = process.env.SUPABASE_URL || settings.apiUrl;
  // A secret key (sb_secret_…) or the legacy service_role key: either names the service role.
  const key =
    process.env.SUPABASE_SECRET_KEY ||
    process.env.SUPABASE_SERVICE_ROLE_KEY ||
    (await localKeys(settings)).serviceRoleKey;
  await checkReachable(url, process.env.SUPABASE_URL ? null : process.env.SUPABASE_API_PORT?.trim());
  const supabase = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; ws' class matches the browser's API.
    realtime: { transport: /** @type {typeof globalThis.WebSocket} */ (/** @type {unknown} */ (WebSocket)) },
  });
  return { url, key, supabase };
}

/** @typedef {Awaited<ReturnType<typeof connect>>} Connection */

/**
 * list: the signed subscriptions, newest first, with their agreement's flags.
 * @param {Connection['supabase']} supabase
 */
async function list(supabase) {
  const { data, error } = await supabase
    .from('share_subscriptions')
    .select(
      'subscriber_name, subscriber_email, number_of_shares, total_amount, payment_reference, effective_date, share_agreement_status(*)',
    )
    .eq('status', 'signed')
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  if (!data.length) console.log('No signed subscriptions yet.');
  for (const row of data) {
    // The untyped client types the embedded row any: read it as unknown.
    /** @type {unknown} */
    const embedded = Array.isArray(row.share_agreement_status)
      ? row.share_agreement_status[0]
      : row.share_agreement_status;
    const status = /** @type {Record<string, unknown>} */ (embedded ?? {});
    const flags = Object.values(STEPS)
      .map((s) => `${s.label}: ${status[s.column] ? 'yes' : 'no'}`)
      .join(', ');
    console.log(
      `${shown(row.payment_reference)}  ${shown(row.subscriber_name)} <${shown(row.subscriber_email)}>  ${shown(row.number_of_shares)} shares, £${shown(row.total_amount)}  (${flags})`,
    );
  }
  return 0;
}

/**
 * process-mail: the auto-reply now, for every connected account or the one at `address`.
 * @param {Connection} connection @param {string | undefined} address
 */
async function processMail({ url, key, supabase }, address) {
  let accountIds;
  if (address) {
    const { data, error } = await supabase
      .from('gmail_accounts')
      .select('id')
      .eq('email_address', address.toLowerCase());
    if (error) throw new Error(error.message);
    if (!data.length) {
      console.error(`No connected Gmail account is ${shown(address)}.`);
      return 1;
    }
    accountIds = data.map((a) => String(a.id));
  }
  const summary = await runAutoReply({ apiUrl: url, serviceRoleKey: key, accountIds });
  for (const r of summary.results) {
    console.log(
      `${shown(r.account)}: ${r.replied} replied, ${r.skipped} skipped, ${r.failed} failed` +
        (r.status === 'done' ? '' : ` (${shown(r.status)}${r.error ? `: ${shown(r.error)}` : ''})`),
    );
  }
  console.log(
    `${summary.accounts} accounts: ${summary.replied} replied, ${summary.skipped} skipped, ${summary.failed} failed.`,
  );
  return 0;
}

/**
 * The signed subscriptions `reference` names: one reference per subscription, made by the server
 * and shown the same everywhere (migration 20261123000011), looked up exactly. Subscriptions signed
 * before then store 'CHLOE-' and a 13-digit timestamp while the screen showed 'CHLOE-' and its last
 * 8 digits, which is what their transfers quote: that short form still finds them, when nothing
 * has it exactly.
 * @param {Connection['supabase']} supabase @param {string} reference
 */
async function findSubscriptions(supabase, reference) {
  const wanted = reference.trim().toUpperCase();
  const query = () => supabase.from('share_subscriptions').select('id, subscriber_name').eq('status', 'signed');
  let { data: subs, error: findError } = await query().eq('payment_reference', wanted);
  const short = /^([A-Z]+)-(\d{8})$/.exec(wanted);
  if (!findError && subs?.length === 0 && short) {
    ({ data: subs, error: findError } = await query().like('payment_reference', `${short[1]}-_____${short[2]}`));
  }
  if (findError) throw new Error(findError.message);
  return subs;
}

/**
 * payment-received, shares-issued, certificate-issued, eis-sent: one flag of the agreement set.
 * @param {Connection['supabase']} supabase @param {string} command @param {string | undefined} reference
 */
async function markStep(supabase, command, reference) {
  const step = STEPS[command];
  if (!step) {
    console.error(`Unknown command "${shown(command)}".\n\n${USAGE}`);
    return 2;
  }
  if (!reference) {
    console.error(`"${shown(command)}" needs the subscription's payment reference.\n\n${USAGE}`);
    return 2;
  }
  const subs = await findSubscriptions(supabase, reference);
  if (subs && subs.length > 1) {
    console.error(
      `${subs.length} signed subscriptions end in ${reference}: use the full reference (npm run staff -- list).`,
    );
    return 1;
  }
  const sub = subs?.[0];
  if (!sub) {
    console.error(`No signed subscription has the payment reference ${shown(reference)}.`);
    return 1;
  }
  const { data: updated, error } = await supabase
    .from('share_agreement_status')
    .update({ [step.column]: true })
    .eq('subscription_id', sub.id)
    .select('id');
  if (error) {
    console.error(`Could not mark ${step.label} for ${shown(reference)}: ${shown(error.message)}`);
    return 1;
  }
  if (!updated.length) {
    console.error(`Subscription ${shown(reference)} has no agreement status row.`);
    return 1;
  }
  console.log(`Marked ${step.label} for ${shown(reference)} (${shown(sub.subscriber_name)}).`);
  return 0;
}

async function main() {
  const [command, reference] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const settings = localSettings();
  if (command === 'mail-in') return mailIn(process.argv.slice(3), settings.googleUrl);
  const connection = await connect(settings);
  if (command === 'list') return list(connection.supabase);
  if (command === 'process-mail') return processMail(connection, reference);
  return markStep(connection.supabase, command, reference);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(shown(errorMessage(error)));
    process.exit(1);
  },
);
