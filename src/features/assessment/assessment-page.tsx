import { useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useAssessmentData, type AssessmentData } from '../../data/assessment-data';
import { refusalMessage, rowRefusalMessage, useRefusal } from '../../data/refusals';
import type { SyncSource } from '../../data/use-sync-status';
import { createAssessmentClient } from '../../lib/assessment-client';
import { needsConnection, useOnline } from '../../lib/online';
import { toast } from '../../lib/toast';
import { Button, buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { LoadingStatus } from '../../ui/loading-status';
import { PageContainer } from '../../ui/page-container';
import { WizardPage } from '../../ui/wizard-page';
import { AnswersView } from './answers-view';
import { AssessmentWizard } from './assessment-wizard';
import type { StepInAddress } from '../../lib/wizard-step';
import { saveProgress, useAssessment } from './use-assessment';

const styles = {
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
  refused: css({
    p: '4',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    display: 'grid',
    gap: '3',
    justifyItems: 'start',
  }),
};

/**
 * /agent-assessment/:token — no account: the token is the key, kept on this device for offline
 * use. The route has checked the token's shape.
 */
export function AssessmentPage({
  token,
  syncStatus,
  stepInAddress,
}: {
  token: string;
  /** The status of the link's data (its replication and its writes). */
  syncStatus: (source: SyncSource) => ReactNode;
  /** The route's ?step= (Back and Forward move between steps). */
  stepInAddress?: StepInAddress;
}) {
  const client = useMemo(() => createAssessmentClient(token), [token]);
  const { data, error } = useAssessmentData(token, client);
  const { state, doc, pending } = useAssessment(data, useOnline());
  // The steps (a form of many fields) are drawn in the background, in slices, once the assessment
  // is here: 'Loading...' stays until they are ready, and the page answers a tap meanwhile.
  const loaded = Boolean(data && doc) && state !== 'loading';
  const shown = useDeferredValue(loaded);

  // The server says the link is invalid or expired; a lookup that failed says nothing
  // (docs/product/assessment.md#link-states).
  if (state === 'invalid') return <InvalidAssessmentLink />;
  if (state === 'expired') return <InvalidAssessmentLink expired />;
  if (state === 'lookup-failed') return <InvalidAssessmentLink announce={false} />;
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
  if (!data || state === 'loading' || !doc || !shown) {
    return (
      <AssessmentFrame>
        <LoadingStatus />
      </AssessmentFrame>
    );
  }

  const completed = doc.status === 'completed';
  return (
    <AssessmentFrame>
      <RowRefusal data={data} docId={doc.id} completed={completed} />
      {completed ? (
        <>
          {pending ? (
            <p className={styles.waiting} role="status">
              Your answers are saved on this device and will be sent as soon as you are back online — keep this page or
              come back to it later.
            </p>
          ) : (
            <div className={styles.done} role="status">
              <strong>Assessment Completed!</strong>
              <span>
                Thank you for completing the assessment. Our team will be in touch soon to set up your customized Chloe.
              </span>
            </div>
          )}
          {syncStatus(data)}
          <AnswersView answers={doc} headingLevel={2} />
        </>
      ) : (
        <AssessmentWizard data={data} doc={doc} syncStatus={syncStatus(data)} stepInAddress={stepInAddress} />
      )}
    </AssessmentFrame>
  );
}

/** Said above the steps, and in the page's HTML while the link is checked. */
export const ASSESSMENT_INTRO =
  'Seven short steps about your agency, so that we can set up your own Chloe. Each answer is saved on this device as you go: you can close this page and come back to this link to carry on.';

/** The page around the wizard: the same size while it loads as when it is filled in. */
function AssessmentFrame({ children }: { children: ReactNode }) {
  return (
    <WizardPage title="Agent Assessment" intro={ASSESSMENT_INTRO}>
      {children}
    </WizardPage>
  );
}

export const INVALID_LINK_MESSAGE =
  'This assessment link is invalid or has expired. Please ask whoever sent it to you for a new link.';
export const EXPIRED_LINK_MESSAGE = 'This link has expired — ask whoever sent it to you for a new one.';

/** The invalid-link screen, with the toast that says so (the route's too, for a malformed token). */
export function InvalidAssessmentLink({ announce = true, expired = false }: { announce?: boolean; expired?: boolean }) {
  const told = useRef(false);
  const message = expired ? EXPIRED_LINK_MESSAGE : INVALID_LINK_MESSAGE;
  useEffect(() => {
    if (!announce || told.current) return;
    told.current = true;
    toast.error('Invalid or expired link', message);
  }, [announce, message]);
  return <Message title="Assessment Link Invalid">{message}</Message>;
}

/**
 * A refusal of the whole assessment (the link expired meanwhile, or it was submitted elsewhere),
 * or of a submission this device made: said in words, and a refused submission goes back to the
 * questions to correct, instead of 'will be sent' for ever.
 */
function RowRefusal({ data, docId, completed }: { data: AssessmentData; docId: string; completed: boolean }) {
  const refusal = useRefusal(data.outbox, 'agent_assessments', docId);
  if (!refusal) return null;
  const rowWide = rowRefusalMessage(refusal.refusal);
  if (!rowWide && !completed) return null; // said next to its question
  return (
    <div className={styles.refused} role="alert">
      <p>{rowWide ?? `The assessment was not accepted: ${refusalMessage('An answer', refusal.refusal)}.`}</p>
      {completed && !rowWide ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => void saveProgress(data, docId, { status: 'pending', completed_at: null })}
        >
          Correct my answers
        </Button>
      ) : null}
    </div>
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
