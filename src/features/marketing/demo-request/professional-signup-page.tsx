import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PageContainer } from '../../../ui/page-container';
import { DemoRequestForm } from './demo-request-form';
import type { DemoRequestRestore } from './use-demo-request-form';
import { QueuedDemoRequests, restoreFrom } from './queued-requests';

const styles = {
  page: css({ display: 'grid', gap: { base: '5', md: '6' }, alignContent: 'start', maxW: '44rem' }),
  top: css({ display: 'flex' }),
  hero: css({ display: 'grid', gap: '2' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'bold', color: 'brand.800' }),
  intro: css({ color: 'fg.muted', fontSize: { base: 'md', md: 'lg' } }),
};

/** /professional-signup: a professional asks for a demo of their own assistant. */
export function ProfessionalSignupPage() {
  const navigate = useNavigate();
  // A refused request put back in the form: a new form instance starts from its values.
  const [restore, setRestore] = useState<{ key: string; value: DemoRequestRestore } | null>(null);
  return (
    <PageContainer className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
      <header className={styles.hero}>
        <h1 className={styles.title}>Request a demo</h1>
        <p className={styles.intro}>
          Estate agents, solicitors and conveyancers, mortgage brokers and legal firms: tell us about your business and
          we'll set up a demo of your own AI assistant, answering your calls, emails and messages 24/7.
        </p>
      </header>
      <QueuedDemoRequests onPutBack={(entry) => setRestore({ key: entry.id, value: restoreFrom(entry) })} />
      <Card aria-label="Demo request">
        <DemoRequestForm
          key={restore?.key ?? 'new'}
          restore={restore?.value}
          cancelLabel="Cancel"
          onCancel={() => void navigate({ to: '/' })}
        />
      </Card>
    </PageContainer>
  );
}
