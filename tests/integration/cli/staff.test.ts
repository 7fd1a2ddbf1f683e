import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../supabase/local/stack/process.mjs';
import { newUser, PNG, sql, stack, subscriptionIdOf } from '../fixtures';

const run = promisify(execFile);
const staffScript = path.resolve(import.meta.dirname, '../../../scripts/staff.mjs');

const staff = (...args: string[]) =>
  staffWith({ SUPABASE_URL: stack().apiUrl, SUPABASE_SERVICE_ROLE_KEY: stack().serviceRoleKey }, ...args);

/** The script as `npm run staff` runs it, with only `env` set of what points it at a server. */
async function staffWith(env: Record<string, string>, ...args: string[]) {
  const base = { ...process.env };
  for (const name of ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_API_PORT']) delete base[name];
  try {
    const { stdout, stderr } = await run(process.execPath, [staffScript, ...args], { env: { ...base, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A subscription signed by its owner through the API, as the wizard will do it; its reference is the server's. */
async function signedSubscription() {
  const { client, user } = await newUser();
  const { data, error } = await client
    .from('share_subscriptions')
    .insert({
      id: subscriptionIdOf(user.id),
      user_id: user.id,
      subscriber_name: 'Staff Test',
      subscriber_address: '1 High Street, London',
      subscriber_email: user.email,
      number_of_shares: 5000,
      subscription_price: 1.25,
      total_amount: 6250,
      signature_data: PNG,
      status: 'signed',
    })
    .select('payment_reference')
    .single();
  expect(error).toBeNull();
  return (data as { payment_reference: string }).payment_reference;
}

const flags = async (reference: string) =>
  (
    await sql<Record<string, boolean>>(
      `select a.payment_received, a.shares_issued, a.share_certificate_issued, a.eis_documentation_sent
         from share_agreement_status a join share_subscriptions s on s.id = a.subscription_id
        where s.payment_reference = $1`,
      [reference],
    )
  )[0];

describe('npm run staff', () => {
  it('advances an agreement step by step, by payment reference', async () => {
    const reference = await signedSubscription();
    expect(await flags(reference)).toEqual({
      payment_received: false,
      shares_issued: false,
      share_certificate_issued: false,
      eis_documentation_sent: false,
    });

    const paid = await staff('payment-received', reference);
    expect(paid.code).toBe(0);
    expect(paid.stdout).toContain(`Marked payment received for ${reference}`);
    expect(await flags(reference)).toMatchObject({ payment_received: true, shares_issued: false });

    expect((await staff('shares-issued', reference)).code).toBe(0);
    expect((await staff('certificate-issued', reference)).code).toBe(0);
    expect((await staff('eis-sent', reference)).code).toBe(0);
    expect(await flags(reference)).toEqual({
      payment_received: true,
      shares_issued: true,
      share_certificate_issued: true,
      eis_documentation_sent: true,
    });

    const listed = await staff('list');
    expect(listed.stdout).toContain(reference);
  });

  it('refuses to issue shares before the payment is received', async () => {
    const reference = await signedSubscription();
    const early = await staff('shares-issued', reference);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('Could not mark shares issued');
    expect(await flags(reference)).toMatchObject({ payment_received: false, shares_issued: false });
  });

  it('finds a subscription signed before references were the server’s by the short form its payer quoted', async () => {
    const { user } = await newUser();
    const digits = String(Date.now()).padStart(13, '0'); // 'CHLOE-' + a 13-digit timestamp, as stored then
    const stored = `CHLOE-${digits}`;
    const shown = `CHLOE-${digits.slice(-8)}`;
    await sql(
      `insert into public.share_subscriptions (user_id, subscriber_name, subscriber_address, subscriber_email,
         effective_date, payment_reference, signature_data, signature_timestamp, status)
       values ($1, 'Old Signer', '1 Old Street', $2, current_date, $3, 'data:image/png;base64,iVBORw0KGgo=', now(), 'signed')`,
      [user.id, user.email, stored],
    );
    const paid = await staff('payment-received', shown.toLowerCase());
    expect(paid.code).toBe(0);
    expect(await flags(stored)).toMatchObject({ payment_received: true });
  });

  it('prints a subscriber’s name with its control characters escaped: no line on the terminal is forged', async () => {
    const reference = await signedSubscription();
    const forged = 'Eve\u001b[2K\rPayment received: yes\u202e\u0007';
    await sql('update public.share_subscriptions set subscriber_name = $2 where payment_reference = $1', [
      reference,
      forged,
    ]);
    const listed = await staff('list');
    const line = listed.stdout.split('\n').find((l) => l.includes(reference))!;
    expect(line).toContain('Eve\\u001b[2K\\u000dPayment received: yes\\u202e\\u0007');
    expect([...line].filter((c) => c.charCodeAt(0) < 0x20 || c === '\u202e')).toEqual([]);
    expect(line).toContain('payment received: no');
    const marked = await staff('payment-received', reference);
    expect(marked.stdout).not.toContain('\u001b');
  });

  it('says so for an unknown reference, a missing reference and an unknown command', async () => {
    const unknown = await staff('payment-received', 'CHLOE-NOPE');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No signed subscription has the payment reference CHLOE-NOPE');
    expect((await staff('payment-received')).code).toBe(2);
    expect((await staff('frobnicate')).stderr).toContain('Unknown command "frobnicate"');
  });

  it('finds the local stack with the settings npm start uses (SUPABASE_API_PORT)', async () => {
    const reference = await signedSubscription();
    const listed = await staffWith({ SUPABASE_API_PORT: new URL(stack().apiUrl).port }, 'list');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(reference);
  });

  it('says which URL it could not reach and how to start the stack, without a stack trace', async () => {
    const port = await freePort(); // nothing listens there
    const down = await staffWith({ SUPABASE_API_PORT: String(port) }, 'list');
    expect(down.code).toBe(1);
    expect(down.stdout).toBe('');
    expect(down.stderr).toContain(`Could not reach the Supabase API at http://localhost:${port}`);
    expect(down.stderr).toContain(`SUPABASE_API_PORT=${port} npm start`);
    expect(down.stderr).not.toMatch(/fetch failed|\n\s+at /);
  });
});
