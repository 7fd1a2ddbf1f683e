import { useEffect, useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { firstError } from '../../lib/form';
import { confirmPasswordProblem, MAX_AUTH_EMAIL } from '../../lib/auth-rules';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { TextField } from '../../ui/field';
import { PageContainer } from '../../ui/page-container';
import {
  CONFIRM_PASSWORD,
  MAX_PASSWORD_BYTES,
  MIN_PASSWORD_LENGTH,
  newEmailSchema,
  newPasswordSchema,
  SAME_EMAIL,
} from './account-schema';
import { useChangeEmail } from './api/change-email';
import { useChangePassword } from './api/change-password';
import { LINK_INVALID, type EmailChangeLink } from './api/email-change-link';

export const EMAIL_CHANGED = 'Email address changed';

// Both forms check their fields when submitted, then as they change: a message that appeared or
// went away as a field lost focus would move the button under a pointer already pressing it.

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start' }),
  section: css({ display: 'grid', gap: '4' }),
  heading: css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'semibold' }),
  form: css({ display: 'grid', gap: '4' }),
  current: css({ overflowWrap: 'anywhere' }),
  label: css({ fontSize: 'sm', color: 'fg.muted' }),
  address: css({ fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  alert: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    color: 'danger.hover',
    fontSize: 'sm',
    overflowWrap: 'anywhere',
  }),
  notice: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'success.border',
    bg: 'success.subtle',
    color: 'success.text',
    fontSize: 'sm',
    overflowWrap: 'anywhere',
  }),
  submit: css({ justifySelf: { base: 'stretch', sm: 'start' } }),
};

type AccountPageProps = {
  /** The signed-in user as the session has it now (an update or a followed link replaces it). */
  user: User;
  /** The confirmation link this page was opened with, if any. */
  link?: EmailChangeLink;
};

/** /account: the signed-in user's email address and password. */
export function AccountPage({ user, link = null }: AccountPageProps) {
  // A failed link's words stay while the page is open (the address no longer shows the link).
  const [linkInvalid] = useState(link === 'link-invalid');
  useEffect(() => {
    // Once per link: the toast store makes a repeat (StrictMode) the same toast.
    if (link === 'changed') toast.success(EMAIL_CHANGED, user.email);
  }, [link, user.email]);

  return (
    <PageContainer width="narrow" className={styles.page}>
      <header>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your sign-in email address and password.</CardDescription>
      </header>
      <Card className={styles.section} aria-labelledby="account-email">
        <h2 id="account-email" className={styles.heading}>
          Email address
        </h2>
        <p className={styles.current}>
          <span className={styles.label}>Signed in as </span>
          <span className={styles.address} data-testid="account-email">
            {user.email}
          </span>
        </p>
        {user.new_email ? (
          <p role="status" className={styles.notice}>
            Waiting for confirmation of {user.new_email}
          </p>
        ) : null}
        {linkInvalid ? (
          <p role="alert" className={styles.alert}>
            {LINK_INVALID}
          </p>
        ) : null}
        <ChangeEmailForm currentEmail={user.email ?? ''} />
      </Card>
      <Card className={styles.section} aria-labelledby="account-password">
        <h2 id="account-password" className={styles.heading}>
          Password
        </h2>
        <ChangePasswordForm />
      </Card>
    </PageContainer>
  );
}

/** The new address; the auth service mails it a link that applies the change. */
function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const changeEmail = useChangeEmail();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm({
    defaultValues: { email: '' },
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
    <form
      noValidate
      aria-label="Change email"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field
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
          <TextField
            label="New email address"
            type="email"
            name={field.name}
            autoComplete="email"
            required
            maxLength={MAX_AUTH_EMAIL}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      {sentTo ? (
        <p role="status" className={styles.notice}>
          Check {sentTo} to confirm the change
        </p>
      ) : null}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <Button type="submit" busy={isSubmitting} className={styles.submit}>
            Change email
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}

/** The new password twice; the auth service signs the user out everywhere else. */
function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: { password: '', confirm: '' },
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    onSubmit: async ({ value, formApi }) => {
      setError(null);
      const outcome = await changePassword(value.password);
      if (outcome.ok) formApi.reset();
      else setError(outcome.message);
    },
  });

  return (
    <form
      noValidate
      aria-label="Change password"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.Field name="password" validators={{ onDynamic: newPasswordSchema }}>
        {(field) => (
          <TextField
            label="New password"
            type="password"
            name={field.name}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_BYTES}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field
        name="confirm"
        validators={{
          onChangeListenTo: ['password'],
          onDynamic: ({ value, fieldApi }) =>
            confirmPasswordProblem(value, fieldApi.form.getFieldValue('password'), CONFIRM_PASSWORD),
        }}
      >
        {(field) => (
          <TextField
            label="Confirm new password"
            type="password"
            name={field.name}
            autoComplete="new-password"
            required
            maxLength={MAX_PASSWORD_BYTES}
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
      {error ? (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      ) : null}
      <p className={styles.label}>
        At least {MIN_PASSWORD_LENGTH} characters. Your other devices are signed out when it changes.
      </p>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <Button type="submit" busy={isSubmitting} className={styles.submit}>
            Change password
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}
