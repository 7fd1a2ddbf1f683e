import { useEffect, useRef, useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { Button } from '../../ui/button';
import { useAppForm } from '../../ui/form';
import { RESET_LINK_SENT, useRequestPasswordReset } from './api/recover-password';
import { MAX_AUTH_EMAIL } from '../../lib/auth-rules';
import { emailSchema } from './auth-schema';
import { authFormStyles as styles } from './auth-form-styles';

type RecoverFormProps = {
  /** What was typed on the sign-in form, to start from. */
  defaultEmail?: string;
  onBackToSignIn: () => void;
};

/** 'Forgot password?': asks for a reset link by email, then says to check the inbox. */
export function RecoverForm({ defaultEmail = '', onBackToSignIn }: RecoverFormProps) {
  const requestReset = useRequestPasswordReset();
  const [providerError, setProviderError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // 'Forgot password?' replaced the form under the keyboard's focus: it goes to the email.
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (sentTo === null) emailInput.current?.focus();
  }, [sentTo]);

  const form = useAppForm({
    defaultValues: { email: defaultEmail },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmit: async ({ value }) => {
      setProviderError(null);
      const outcome = await requestReset(value);
      if (outcome.ok) setSentTo(value.email.trim());
      else setProviderError(outcome.message);
    },
  });

  const backToSignIn = (
    <button type="button" className={styles.toggle} onClick={onBackToSignIn}>
      Back to sign in
    </button>
  );

  if (sentTo !== null) {
    return (
      <div className={styles.form}>
        <div role="status" className={styles.notice}>
          <p className={css({ fontWeight: 'semibold' })}>{RESET_LINK_SENT}</p>
          <p className={css({ mt: '1', overflowWrap: 'anywhere' })}>
            If {sentTo} has an account, a link to set a new password is on its way. It works once, within an hour.
          </p>
        </div>
        <Button variant="secondary" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
        {backToSignIn}
      </div>
    );
  }

  return (
    <form.AppForm>
      <form.Form className={styles.form}>
        <form.AppField name="email" validators={{ onDynamic: emailSchema }}>
          {(field) => (
            <field.TextField
              ref={emailInput}
              label="Email"
              type="email"
              maxLength={MAX_AUTH_EMAIL}
              autoComplete="email"
              required
            />
          )}
        </form.AppField>

        {providerError ? (
          <p role="alert" className={styles.alert}>
            {providerError}
          </p>
        ) : null}

        <form.SubmitButton size="lg">Send reset link</form.SubmitButton>

        {backToSignIn}
      </form.Form>
    </form.AppForm>
  );
}
