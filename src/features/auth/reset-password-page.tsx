import { useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { Button, buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { useAppForm } from '../../ui/form';
import { PageContainer } from '../../ui/page-container';
import type { RecoveryView } from './api/recovery-link';
import { useUpdatePassword } from './api/update-password';
import { authFormStyles as styles } from './auth-form-styles';
import { confirmPasswordProblem } from '../../lib/auth-rules';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from './auth-schema';

export const LINK_INVALID = 'This reset link is invalid or has expired — ask for a new one';

const page = css({ display: 'grid', gap: '4', alignContent: 'start' });
const card = css({ display: 'grid', gap: '4', justifyItems: 'start' });

/** /auth/reset: where a reset link lands. Sets a new password, or says why it cannot. */
export function ResetPasswordPage({ view }: { view: RecoveryView }) {
  return (
    <PageContainer width="narrow" className={page}>
      {view.state === 'ready' ? (
        <Card>
          <header className={css({ mb: '6' })}>
            <CardTitle>Set a new password</CardTitle>
            <CardDescription className={css({ overflowWrap: 'anywhere' })}>
              For {view.email}. At least {MIN_PASSWORD_LENGTH} characters.
            </CardDescription>
          </header>
          <SetPasswordForm email={view.email} />
        </Card>
      ) : view.state === 'link-invalid' ? (
        <Card className={card}>
          <CardTitle>Reset link expired</CardTitle>
          <p role="alert" className={styles.alert}>
            {LINK_INVALID}
          </p>
          <Link to="/auth" search={{ mode: 'recover' }} className={buttonRecipe()}>
            Ask for a new link
          </Link>
        </Card>
      ) : view.state === 'offline' ? (
        <Card className={card}>
          <CardTitle>Set a new password</CardTitle>
          <p role="alert" className={styles.alert}>
            {view.message}
          </p>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </Card>
      ) : (
        <Card className={card}>
          <CardTitle>No reset link opened</CardTitle>
          <CardDescription>
            This page sets a new password after you open the reset link we email you. Open the link from your email, or
            ask for one from the sign-in page.
          </CardDescription>
          <Link to="/auth" className={buttonRecipe()}>
            Go to sign in
          </Link>
        </Card>
      )}
    </PageContainer>
  );
}

/** The new password twice; on success the user is signed in and goes to the dashboard. */
function SetPasswordForm({ email }: { email: string }) {
  const updatePassword = useUpdatePassword();
  const navigate = useNavigate();
  const [providerError, setProviderError] = useState<string | null>(null);

  const form = useAppForm({
    defaultValues: { password: '', confirm: '' },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmit: async ({ value }) => {
      setProviderError(null);
      const outcome = await updatePassword(value.password);
      if (outcome.ok) await navigate({ to: '/dashboard', replace: true });
      else setProviderError(outcome.message);
    },
  });

  return (
    <form.AppForm>
      <form.Form className={styles.form}>
        {/* Whose password this is, for the browser's password manager (it saves the new one under it). */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <form.AppField name="password" validators={{ onDynamic: newPasswordSchema }}>
          {(field) => (
            <field.TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
            />
          )}
        </form.AppField>
        <form.AppField
          name="confirm"
          validators={{
            onChangeListenTo: ['password'],
            onDynamic: ({ value, fieldApi }) =>
              confirmPasswordProblem(value, fieldApi.form.getFieldValue('password'), 'Please confirm the new password'),
          }}
        >
          {(field) => (
            <field.TextField label="Confirm new password" type="password" autoComplete="new-password" required />
          )}
        </form.AppField>

        {providerError ? (
          <p role="alert" className={styles.alert}>
            {providerError}
          </p>
        ) : null}

        <form.SubmitButton size="lg" className={css({ justifySelf: 'stretch' })}>
          Update password
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
