import { useNavigate, useRouteContext, useSearch } from '@tanstack/react-router';
import * as v from 'valibot';
import { SignInLink } from '../features/auth/signed-in-header';
import { HomePage } from '../features/marketing/home-page';
import { VoiceButton } from '../features/voice/voice-button';
import { AppHeader } from './-app-header';

/**
 * / and /conversation (spec §2): `?voice=true` starts a call once the user's data is open. The
 * router reads search values as JSON, so `true` arrives as a boolean; '"true"' as the string.
 */
export const homeSearchSchema = v.object({
  voice: v.fallback(
    v.pipe(
      v.optional(v.union([v.boolean(), v.string()])),
      v.transform((value) => value === true || value === 'true' || undefined),
    ),
    undefined,
  ),
});

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
