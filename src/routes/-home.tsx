import { useNavigate, useRouteContext, useSearch } from '@tanstack/react-router';
import { SignInLink } from '../features/auth/sign-in-link';
import { HomePage } from '../features/marketing/home-page';
import { VoiceButton } from '../features/voice/voice-button';
import { AppHeader } from './-app-header';

export function Home({
  voice,
  userDataLoaded,
  onVoiceUsed,
}: {
  voice: boolean;
  userDataLoaded: boolean;
  /** ?voice=true is used once: the route drops it (a reload or Back must not call again). */
  onVoiceUsed: () => void;
}) {
  return (
    <HomePage
      header={<AppHeader />}
      voice={(caption) => (
        <VoiceButton
          autoStart={voice}
          userDataLoaded={userDataLoaded}
          caption={caption}
          onAutoStartUsed={onVoiceUsed}
        />
      )}
      action={<SignInLink quiet />}
    />
  );
}

/** The route component of both / and /conversation. */
export function HomeRoute() {
  const { voice } = useSearch({ strict: false });
  const { userData } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return (
    <Home
      voice={voice === true}
      userDataLoaded={userData !== null}
      onVoiceUsed={() => void navigate({ to: '.', search: {}, replace: true })}
    />
  );
}
