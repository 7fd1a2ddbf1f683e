import { useState } from 'react';
import { Button } from '../../ui/button';
import { resendConfirmation, resentMessage } from './api/resend-confirmation';
import { authFormStyles as styles } from './auth-form-styles';

/**
 * Under 'Email not confirmed': a new account whose confirmation mail was lost is not stuck, it
 * asks for the link again.
 */
export function ResendLink({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  async function send() {
    setSending(true);
    const outcome = await resendConfirmation(email);
    setSending(false);
    setSaid(outcome.ok ? { ok: true, text: resentMessage(email) } : { ok: false, text: outcome.message });
  }
  return (
    <>
      <Button type="button" variant="secondary" disabled={sending} onClick={() => void send()}>
        {sending ? 'Sending...' : 'Send the link again'}
      </Button>
      {said ? (
        <p role={said.ok ? 'status' : 'alert'} className={said.ok ? styles.notice : styles.alert}>
          {said.text}
        </p>
      ) : null}
    </>
  );
}
