import { createFileRoute } from '@tanstack/react-router';
import { CreateAssessmentPage } from '../../features/assessment/create-assessment-page';
import { AppHeader } from '../-app-header';

export const Route = createFileRoute('/_authenticated/create-assessment')({
  component: function CreateAssessment() {
    const { user } = Route.useRouteContext();
    return (
      <>
        <AppHeader />
        <CreateAssessmentPage userId={user.id} />
      </>
    );
  },
});
