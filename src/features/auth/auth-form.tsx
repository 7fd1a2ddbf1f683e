import { useState } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { changeField, firstError } from '../../lib/form';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useAuthenticate, type AuthMode } from './api/authenticate';
import { authFormStyles as styles } from './auth-form-styles';
import { MAX_AUTH_EMAIL } from '../../lib/auth-rules';
import { emailSchema, passwordSchema } from './auth-schema';

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
  const copy = COPY[mode];

  const form = useForm({
    defaultValues: { email: '', password: '' },
    // Quiet until a field is left; after a submit attempt, errors follow every keystroke.
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmitMeta: { mode: 'sign-in' as AuthMode },
    onSubmit: async ({ value, meta }) => {
      setProviderError(null);
      const outcome = await authenticate(meta.mode, value);
      if (!outcome.ok) setProviderError(outcome.message);
      else if (!outcome.signedIn) onModeChange('sign-in');
    },
  });

  function toggleMode() {
    setProviderError(null);
    onModeChange(mode === 'sign-in' ? 'sign-up' : 'sign-in');
  }

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit({ mode });
      }}
    >
      <form.Field name="email" validators={{ onDynamic: emailSchema }}>
        {(field) => (
          <TextField
            label="Email"
            type="email"
            maxLength={MAX_AUTH_EMAIL}
            name={field.name}
            autoComplete="email"
            required
            value={field.state.value}
            onChange={(event) => changeField(field, event.target.value)}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
      <form.Field name="password" validators={{ onDynamic: passwordSchema }}>
        {(field) => (
          <TextField
            label="Password"
            type="password"
            name={field.name}
            autoComplete={copy.passwordAutocomplete}
            required
            value={field.state.value}
            onChange={(event) => changeField(field, event.target.value)}
            onBlur={field.handleBlur}
            error={firstError(field.state.meta.errors)}
          />
        )}
      </form.Field>
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

      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <Button type="submit" size="lg" busy={isSubmitting}>
            {copy.submit}
          </Button>
        )}
      </form.Subscribe>

      <button type="button" className={styles.toggle} onClick={toggleMode}>
        {copy.toggle}
      </button>
    </form>
  );
}
