import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useAssessment, useAssessmentData } from '../../data/assessment-data';
import type { SyncEngine } from '../../data/sync-engine';
import { createAssessmentClient } from '../../lib/assessment-client';
import { needsConnection, useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { PageContainer } from '../../ui/page-container';
import { AnswersView } from './answers-view';
import { AssessmentWizard } from './assessment-wizard';

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', maxW: '56rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  card: css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '32rem', mx: 'auto' }),
  done: css({
    p: '5',
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'success.border',
    bg: 'success.subtle',
    display: 'grid',
    gap: '2',
  }),
  waiting: css({ p: '4', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.strong', bg: 'bg.muted' }),
};

/** /agent-assessment/:token — no account: the token is the key, kept on this device for offline use. */
export function AssessmentPage({
  token,
  syncStatus,
}: {
  token: string;
  syncStatus: (engine: SyncEngine) => ReactNode;
}) {
  const valid = /^[A-Za-z0-9]{22,128}$/.test(token);
  const client = useMemo(() => (valid ? createAssessmentClient(token) : null), [token, valid]);
  const { data, error } = useAssessmentData(valid ? token : null, client);
  const { state, doc, pending } = useAssessment(data, useOnline());
  const told = useRef(false);

  useEffect(() => {
    if ((state === 'invalid' || !valid) && !told.current) {
      told.current = true;
      toast.error(
        'Invalid or expired link',
        'This assessment link is invalid or has expired. Please contact the product for a new link.',
      );
    }
  }, [state, valid]);

  if (!valid || state === 'invalid' || state === 'lookup-failed') return <Invalid />;
  if (error) {
    return (
      <Message title="This device cannot store the assessment">
        Your browser does not allow this site to store data ({error.message}). Try another browser, or leave private
        browsing.
      </Message>
    );
  }
  if (state === 'needs-connection') {
    return (
      <Message title="Connect to open this assessment">
        {needsConnection('Opening an assessment link for the first time')} After that it works offline on this device.
      </Message>
    );
  }
  if (!data || state === 'loading' || !doc) {
    return (
      <p role="status" className={styles.status}>
        Loading...
      </p>
    );
  }

  const completed = doc.status === 'completed';
  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.title}>Agent Assessment</h1>
      {completed ? (
        <>
          <div className={styles.done} role="status">
            <strong>Assessment Completed!</strong>
            <span>
              Thank you for completing the assessment. Our team will be in touch soon to set up your customized Chloe.
            </span>
          </div>
          {pending ? (
            <p className={styles.waiting} role="status">
              Submitted on this device. It will be sent as soon as you are back online — keep this page or come back to
              it later.
            </p>
          ) : null}
          {syncStatus(data.engine)}
          <AnswersView answers={doc} />
        </>
      ) : (
        <AssessmentWizard data={data} doc={doc} syncStatus={syncStatus(data.engine)} />
      )}
    </PageContainer>
  );
}

function Invalid() {
  return (
    <Message title="Assessment Link Invalid">
      This assessment link is invalid or has expired. Please contact us for a new link.
    </Message>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer>
      <Card className={styles.card}>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{children}</CardDescription>
        <Link to="/" className={buttonRecipe()}>
          Return to Home
        </Link>
      </Card>
    </PageContainer>
  );
}
