import { useEffect, useState } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { changesWaitingSentence, useChangesWaitingOnDevice } from '../../lib/changes-waiting';
import { forgetSessionRefused, SESSION_REFUSED_SENTENCE, sessionRefused } from '../../lib/session-refused';
import { Button } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { AuthForm } from './auth-form';
import { RecoverForm } from './recover-form';
import type { AuthMode } from './api/authenticate';

/** What /auth shows: the sign-in or sign-up form, or 'Forgot password?''s request for a reset link. */
export type AuthView = AuthMode | 'recover';

const HEADINGS: Record<AuthView, { title: string; description: string }> = {
  'sign-in': { title: 'Sign in to Chloe', description: 'Welcome back. Enter your email and password.' },
  'sign-up': { title: 'Create your Chloe account', description: 'Sign up with your email and a password.' },
  recover: {
    title: 'Reset your password',
    description: "Enter your account's email and we will send you a link to set a new password.",
  },
};

/** /auth: sign in or sign up. Where a signed-in visitor goes is the route's guard's business. */
export function AuthPage({ initialView = 'sign-in' }: { initialView?: AuthView | undefined }) {
  const [view, setView] = useState<AuthView>(initialView);
  const [recoverEmail, setRecoverEmail] = useState('');
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const waiting = useChangesWaitingOnDevice();
  // Said on this visit, not the next.
  const [refused] = useState(sessionRefused);
  useEffect(forgetSessionRefused, []);

  const goBack = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }));
  const heading = HEADINGS[view];

  return (
    <PageContainer width="narrow" className={css({ display: 'grid', gap: '4', alignContent: 'start' })}>
      <Button variant="ghost" size="sm" onClick={goBack} className={css({ justifySelf: 'start' })}>
        <span aria-hidden="true">←</span> Back
      </Button>
      <Card>
        <header className={css({ mb: '6' })}>
          <CardTitle>{heading.title}</CardTitle>
          <CardDescription>{heading.description}</CardDescription>
          {view === 'sign-in' && refused && (
            <p role="status" className={css({ fontSize: 'sm', fontWeight: 'medium', mt: '3' })}>
              {SESSION_REFUSED_SENTENCE}
            </p>
          )}
          {view === 'sign-in' && waiting > 0 && (
            <p className={css({ fontSize: 'sm', fontWeight: 'medium', mt: '3' })}>{changesWaitingSentence(waiting)}</p>
          )}
        </header>
        {view === 'recover' ? (
          <RecoverForm defaultEmail={recoverEmail} onBackToSignIn={() => setView('sign-in')} />
        ) : (
          <AuthForm
            mode={view}
            onModeChange={setView}
            onForgotPassword={(email) => {
              setRecoverEmail(email);
              setView('recover');
            }}
          />
        )}
      </Card>
    </PageContainer>
  );
}
