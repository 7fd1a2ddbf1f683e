import { useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import { MAX_AUTH_EMAIL } from '../../lib/auth-rules';
import { useAppForm } from '../../ui/form';
import { newEmailSchema, SAME_EMAIL } from './account-schema';
import { accountStyles as styles } from './account-styles';
import { useChangeEmail } from './api/change-email';

/** The new address; the auth service mails it a link that applies the change. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const changeEmail = useChangeEmail();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useAppForm({
    defaultValues: { email: '' },
    // Checked when submitted, then as it changes: a message that appeared or went away as the
    // field lost focus would move the button under a pointer already pressing it.
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    onSubmit: async ({ value, formApi }) => {
      setError(null);
      setSentTo(null);
      const outcome = await changeEmail(value.email);
      if (outcome.ok) {
        setSentTo(outcome.email);
        formApi.reset();
      } else setError(outcome.message);
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Change email" className={styles.form}>
        <form.AppField
          name="email"
          validators={{
            onDynamic: ({ value }) => {
              const result = newEmailSchema['~standard'].validate(value);
              if ('issues' in result && result.issues) return result.issues[0]?.message;
              return value.trim().toLowerCase() === currentEmail.toLowerCase() ? SAME_EMAIL : undefined;
            },
          }}
        >
          {(field) => (
            <field.TextField
              label="New email address"
              type="email"
              autoComplete="email"
              required
              maxLength={MAX_AUTH_EMAIL}
            />
          )}
        </form.AppField>
        {error ? (
          <p role="alert" className={styles.alert}>
            {error}
          </p>
        ) : null}
        {sentTo ? (
          <p role="status" className={styles.notice}>
            Check {sentTo} and {currentEmail} to confirm the change: each gets a link, and the change needs both
          </p>
        ) : null}
        <form.SubmitButton className={styles.submit}>Change email</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
