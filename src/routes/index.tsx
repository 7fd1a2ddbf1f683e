import { createFileRoute } from '@tanstack/react-router';
import { Home, homeSearchSchema } from './-home';

export const Route = createFileRoute('/')({
  validateSearch: homeSearchSchema,
  component: function Index() {
    const { voice } = Route.useSearch();
    const { userData } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    return (
      <Home
        voice={voice === true}
        userDataLoaded={userData !== null}
        onVoiceUsed={() => void navigate({ search: {}, replace: true })}
      />
    );
  },
});
