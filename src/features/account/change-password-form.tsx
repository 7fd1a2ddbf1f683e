import { useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import { confirmPasswordProblem } from '../../lib/auth-rules';
import { useAppForm } from '../../ui/form';
import {
  CONFIRM_PASSWORD,
  currentPasswordSchema,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  newPasswordSchema,
} from './account-schema';
import { accountStyles as styles } from './account-styles';
import { useChangePassword } from './api/change-password';

/** The current password, then the new one twice; the auth service signs the user out everywhere else. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const form = useAppForm({
    defaultValues: { current: '', password: '', confirm: '' },
    // As the email form: checked when submitted, then as the fields change.
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    onSubmit: async ({ value, formApi }) => {
      setError(null);
      const outcome = await changePassword(value.current, value.password);
      if (outcome.ok) formApi.reset();
      else setError(outcome.message);
    },
  });

  return (
    <form.AppForm>
      <form.Form aria-label="Change password" className={styles.form}>
        <form.AppField name="current" validators={{ onDynamic: currentPasswordSchema }}>
          {(field) => (
            <field.TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD_BYTES}
            />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onDynamic: newPasswordSchema }}>
          {(field) => (
            <field.TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              maxLength={MAX_PASSWORD_BYTES}
            />
          )}
        </form.AppField>
        <form.AppField
          name="confirm"
          validators={{
            onChangeListenTo: ['password'],
            onDynamic: ({ value, fieldApi }) =>
              confirmPasswordProblem(value, fieldApi.form.getFieldValue('password'), CONFIRM_PASSWORD),
          }}
        >
          {(field) => (
            <field.TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={MAX_PASSWORD_BYTES}
            />
          )}
        </form.AppField>
        {error ? (
          <p role="alert" className={styles.alert}>
            {error}
          </p>
        ) : null}
        <p className={styles.label}>
          At least {MIN_PASSWORD_LENGTH} characters. Your other devices are signed out when it changes.
        </p>
        <form.SubmitButton className={styles.submit}>Change password</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
