import * as v from 'valibot';
import { SignInLink } from '../features/auth/signed-in-header';
import { HomePage } from '../features/marketing/home-page';
import { VoiceButton } from '../features/voice/voice-button';
import { AppHeader } from './-app-header';

/** / and /conversation (spec §2): `?voice=true` starts a call once the user's data is open. */
export const homeSearchSchema = v.object({
  voice: v.fallback(v.optional(v.picklist(['true', 'false'])), undefined),
});

export function Home({ voice, userDataLoaded }: { voice: boolean; userDataLoaded: boolean }) {
  return (
    <HomePage
      header={<AppHeader />}
      voice={<VoiceButton autoStart={voice} userDataLoaded={userDataLoaded} />}
      action={<SignInLink quiet />}
    />
  );
}
