import { useRef, useState } from 'react';
import type { Session, User } from '@supabase/supabase-js';
import { css } from 'styled-system/css';
import { needsConnection, useOnline } from '../../lib/online';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { alertBox } from '../../ui/alert';
import { useAppForm } from '../../ui/form';
import { requestExtensionSession } from './api/extension-session';

const styles = {
  card: css({ display: 'grid', gap: '4' }),
  email: css({ fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  form: css({ display: 'grid', gap: '4' }),
};

export const CONNECT = {
  title: 'Connect the Chloe extension',
  description: 'Enter your password to connect the extension: it signs in to your account on its own.',
  label: 'Password',
  required: 'Please enter your password',
  submit: 'Connect Extension',
} as const;

/**
 * The signed-in user's password, asked again: the extension gets a session signed in with it,
 * never one made from the page's own token (which anyone holding that token could ask for).
 */
export function ConnectForm({ user, onConnected }: { user: User; onConnected: (session: Session) => void }) {
  const online = useOnline();
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const form = useAppForm({
    defaultValues: { password: '' },
    onSubmit: async ({ value: { password } }) => {
      if (!password) {
        setFieldError(CONNECT.required);
        input.current?.focus();
        return;
      }
      setProblem(null);
      const result = await requestExtensionSession(user, password);
      if (result.ok) return onConnected(result.session);
      setProblem(result.message);
      input.current?.select();
    },
  });

  const message = !online ? needsConnection('Connecting the extension') : problem;
  return (
    <Card className={styles.card}>
      <CardTitle>{CONNECT.title}</CardTitle>
      <CardDescription>
        Signed in as <span className={styles.email}>{user.email}</span>. {CONNECT.description}
      </CardDescription>
      <form.AppForm>
        <form.Form className={styles.form}>
          {message ? (
            <p role="alert" id="extension-connect-problem" className={alertBox}>
              {message}
            </p>
          ) : null}
          <form.AppField name="password">
            {(field) => (
              <field.TextField
                ref={input}
                label={CONNECT.label}
                type="password"
                autoComplete="current-password"
                required
                maxLength={200}
                otherError={fieldError}
                onEdit={() => setFieldError(undefined)}
              />
            )}
          </form.AppField>
          <form.SubmitButton
            size="lg"
            disabled={!online}
            aria-describedby={!online ? 'extension-connect-problem' : undefined}
          >
            {CONNECT.submit}
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Card>
  );
}
