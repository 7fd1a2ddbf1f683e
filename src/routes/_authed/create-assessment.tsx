import { createFileRoute } from '@tanstack/react-router';
import { useSignedInUser } from '../../features/auth/session';
import { CreateAssessmentPage } from '../../features/assessment/create-assessment-page';

export const Route = createFileRoute('/_authed/create-assessment')({
  component: function CreateAssessment() {
    const user = useSignedInUser();
    return <CreateAssessmentPage userId={user.id} />;
  },
});
