import { useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import { useAppForm } from '../../ui/form';
import { useAuthenticate, type AuthMode } from './api/authenticate';
import { authFormStyles as styles } from './auth-form-styles';
import { MAX_AUTH_EMAIL } from '../../lib/auth-rules';
import { emailSchema, passwordSchema } from './auth-schema';
import { ResendLink } from './resend-link';

const COPY = {
  'sign-in': {
    submit: 'Sign In',
    toggle: "Don't have an account? Sign up",
    passwordAutocomplete: 'current-password',
  },
  'sign-up': {
    submit: 'Sign Up',
    toggle: 'Already have an account? Sign in',
    passwordAutocomplete: 'new-password',
  },
} as const;

type AuthFormProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** 'Forgot password?' (sign-in only), with the email typed so far. */
  onForgotPassword?: (email: string) => void;
};

/** Email + password form for both sign-in and sign-up. Navigation after success is the page's job. */
export function AuthForm({ mode, onModeChange, onForgotPassword }: AuthFormProps) {
  const authenticate = useAuthenticate();
  const [providerError, setProviderError] = useState<string | null>(null);
  // The address whose sign-in was refused as not confirmed yet: its link may be sent again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const copy = COPY[mode];

  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    // Quiet until a field is left; after a submit attempt, errors follow every keystroke.
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmitMeta: { mode: 'sign-in' as AuthMode },
    onSubmit: async ({ value, meta }) => {
      setProviderError(null);
      setUnconfirmed(null);
      const outcome = await authenticate(meta.mode, value);
      if (!outcome.ok) {
        setProviderError(outcome.message);
        if (outcome.code === 'email_not_confirmed') setUnconfirmed(value.email.trim());
      } else if (!outcome.signedIn) onModeChange('sign-in');
    },
  });

  function toggleMode() {
    setProviderError(null);
    setUnconfirmed(null);
    onModeChange(mode === 'sign-in' ? 'sign-up' : 'sign-in');
  }

  return (
    <form.AppForm>
      <form.Form className={styles.form} submitMeta={{ mode }}>
        <form.AppField name="email" validators={{ onDynamic: emailSchema }}>
          {(field) => (
            <field.TextField label="Email" type="email" maxLength={MAX_AUTH_EMAIL} autoComplete="email" required />
          )}
        </form.AppField>
        <form.AppField name="password" validators={{ onDynamic: passwordSchema }}>
          {(field) => (
            <field.TextField label="Password" type="password" autoComplete={copy.passwordAutocomplete} required />
          )}
        </form.AppField>
        {mode === 'sign-in' && onForgotPassword ? (
          <button
            type="button"
            className={styles.forgot}
            onClick={() => onForgotPassword(form.getFieldValue('email').trim())}
          >
            Forgot password?
          </button>
        ) : null}

        {providerError ? (
          <p role="alert" className={styles.alert}>
            {providerError}
          </p>
        ) : null}
        {unconfirmed && mode === 'sign-in' ? <ResendLink key={unconfirmed} email={unconfirmed} /> : null}

        <form.SubmitButton size="lg">{copy.submit}</form.SubmitButton>

        <button type="button" className={styles.toggle} onClick={toggleMode}>
          {copy.toggle}
        </button>
      </form.Form>
    </form.AppForm>
  );
}
