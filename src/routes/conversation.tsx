import { createFileRoute } from '@tanstack/react-router';
import { Home, homeSearchSchema } from './-home';

// The same landing screen as / (spec §2's route table).
export const Route = createFileRoute('/conversation')({
  validateSearch: homeSearchSchema,
  component: function Conversation() {
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
