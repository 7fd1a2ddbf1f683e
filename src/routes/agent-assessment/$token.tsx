import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ASSESSMENT_STEPS, assessmentTokenSchema } from '../../features/assessment/assessment';
import { stepSearchSchema } from '../../lib/wizard-step';
import { AssessmentPage, InvalidAssessmentLink } from '../../features/assessment/assessment-page';
import { PageError } from '../../ui/page-error';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';

const isMalformedToken = (error: unknown) => error instanceof Error && error.cause instanceof v.ValiError;

export const Route = createFileRoute('/agent-assessment/$token')({
  // A malformed token never reaches the page (nor IndexedDB, nor the server): the invalid-link
  // screen. The router wraps what params.parse throws, keeping it as the cause.
  params: { parse: ({ token }) => ({ token: v.parse(assessmentTokenSchema, token) }) },
  // The step is in the address: the browser's Back and Forward move between steps.
  validateSearch: stepSearchSchema(ASSESSMENT_STEPS.length),
  errorComponent: (props) => (isMalformedToken(props.error) ? <InvalidAssessmentLink /> : <PageError {...props} />),
  component: function AgentAssessment() {
    const { token } = Route.useParams();
    const { step } = Route.useSearch();
    const navigate = Route.useNavigate();
    const go = useCallback(
      (n: number, replace: boolean) => void navigate({ search: { step: n }, replace }),
      [navigate],
    );
    return (
      <AssessmentPage
        key={token}
        token={token}
        syncStatus={(source) => <SyncStatusConnector source={source} />}
        stepInAddress={{ asked: step, go }}
      />
    );
  },
});
