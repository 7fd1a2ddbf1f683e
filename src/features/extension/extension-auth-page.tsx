import { useState } from 'react';
import type { User } from '@supabase/supabase-js';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { extensionId } from '../../lib/env';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { CheckCircleIcon } from '../../ui/icons';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { ConnectForm } from './connect-form';
import { handOffSession } from './hand-off';

const styles = {
  card: css({ display: 'grid', gap: '4', textAlign: 'center', justifyItems: 'center' }),
  icon: css({ w: '12', h: '12', color: 'success' }),
  email: css({ fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  stepsTitle: css({ fontWeight: 'bold', justifySelf: 'stretch', textAlign: 'left' }),
  steps: css({
    listStyle: 'decimal',
    pl: '6',
    display: 'grid',
    gap: '1.5',
    textAlign: 'left',
    justifySelf: 'stretch',
    color: 'fg.muted',
  }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' }),
  note: css({ fontSize: 'sm', color: 'fg.muted' }),
  link: css({ color: 'primary.text', fontWeight: 'semibold', textDecoration: 'underline' }),
};

/** Where this page sends a signed-out visitor, and where /auth brings them back. */
export const EXTENSION_AUTH_PATH = '/extension-auth';

export const NEXT_STEPS = [
  'Close this tab.',
  'Visit a property on Rightmove or Zoopla.',
  'Click the Chloe extension icon in your browser’s toolbar.',
  'Save properties: they appear in your Saved Properties, on every device.',
] as const;

type ExtensionAuthPageProps = { status: 'loading' | 'signed-out'; user: null } | { status: 'signed-in'; user: User };

/** /extension-auth: connects the browser extension to the account (docs/product/screens.md#extension-auth). */
export function ExtensionAuthPage(props: ExtensionAuthPageProps) {
  if (props.status === 'loading') return <LoadingStatus />;
  return (
    <PageContainer width="narrow">
      {props.status === 'signed-in' ? (
        <Connected user={props.user} />
      ) : (
        <Card className={styles.card}>
          <CardTitle>Connect the Chloe extension</CardTitle>
          <CardDescription>
            Sign in to your Chloe account and the browser extension can save properties to it.
          </CardDescription>
          <ButtonLink to="/auth" search={{ redirect: EXTENSION_AUTH_PATH }} size="lg">
            Sign In
          </ButtonLink>
        </Card>
      )}
    </PageContainer>
  );
}

function Connected({ user }: { user: User }) {
  const [connected, setConnected] = useState(false);
  const [stayedOpen, setStayedOpen] = useState(false);

  if (!connected) {
    return (
      <ConnectForm
        user={user}
        onConnected={(session) => {
          handOffSession(session.user, session, extensionId);
          setConnected(true);
        }}
      />
    );
  }

  return (
    <Card className={styles.card}>
      <CheckCircleIcon className={styles.icon} />
      <CardTitle>Extension Connected!</CardTitle>
      <p>
        Signed in as <span className={styles.email}>{user.email}</span>
      </p>
      <h2 className={styles.stepsTitle}>Next steps</h2>
      <ol className={styles.steps}>
        {NEXT_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          size="lg"
          onClick={() => {
            window.close();
            // A tab the browser did not open for a script stays open: say so.
            setTimeout(() => setStayedOpen(!window.closed), 300);
          }}
        >
          Close This Tab
        </Button>
      </div>
      {stayedOpen ? (
        <p role="status" className={styles.note}>
          Your browser kept this tab open: close it from the tab bar.
        </p>
      ) : null}
      <Link to="/saved-properties" className={styles.link}>
        View your saved properties
      </Link>
    </Card>
  );
}
