import { createFileRoute } from '@tanstack/react-router';
import { AssessmentPage } from '../../features/assessment/assessment-page';
import { SyncStatusConnector } from '../../features/sync/sync-status-connector';

export const Route = createFileRoute('/agent-assessment/$token')({
  component: function AgentAssessment() {
    const { token } = Route.useParams();
    return (
      <AssessmentPage key={token} token={token} syncStatus={(engine) => <SyncStatusConnector engine={engine} />} />
    );
  },
});
