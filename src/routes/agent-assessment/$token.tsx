import { ErrorComponent, createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { assessmentTokenSchema } from '../../features/assessment/assessment';
import { AssessmentPage, InvalidAssessmentLink } from '../../features/assessment/assessment-page';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';

const isMalformedToken = (error: unknown) => error instanceof Error && error.cause instanceof v.ValiError;

export const Route = createFileRoute('/agent-assessment/$token')({
  // A malformed token never reaches the page (nor IndexedDB, nor the server): the invalid-link
  // screen. The router wraps what params.parse throws, keeping it as the cause.
  params: { parse: ({ token }) => ({ token: v.parse(assessmentTokenSchema, token) }) },
  errorComponent: ({ error }) =>
    isMalformedToken(error) ? <InvalidAssessmentLink /> : <ErrorComponent error={error} />,
  component: function AgentAssessment() {
    const { token } = Route.useParams();
    return (
      <AssessmentPage key={token} token={token} syncStatus={(engine) => <SyncStatusConnector engine={engine} />} />
    );
  },
});
