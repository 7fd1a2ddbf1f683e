import { useCallback } from 'react';
import { Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import type { UserData } from '../data/user-data';
import type { AuthRouterContext } from '../features/auth/guards';
import { AutoReplySettingsSender } from '../features/email-assistant/settings-sender';
import { DemoRequestSender } from '../features/marketing/demo-request/demo-request-sender';
import { Footer } from '../features/marketing/footer';
import { NotFoundPage } from '../features/marketing/not-found-page';
import { InstallPrompt } from '../features/pwa/install-prompt';
import { OfflineBanner } from '../features/pwa/offline-banner';
import { readVoiceContext } from '../features/voice/read-context';
import { VoiceCallBar } from '../features/voice/voice-button';
import { VoiceProvider } from '../features/voice/voice-session';
import { personaForPath } from '../lib/personas';

/** What guards and loaders read (main.tsx keeps it current and re-runs them when it changes). */
export interface RouterContext extends AuthRouterContext {
  /** The signed-in user's local database, or null while it opens and when nobody is signed in. */
  userData: UserData | null;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { session, userData } = Route.useRouteContext();
  const { pathname } = useLocation();
  const name: unknown = session.user?.user_metadata['full_name'];
  const userName = typeof name === 'string' && name.trim() ? name.trim() : null;
  const loadContext = useCallback(() => readVoiceContext(userData, userName), [userData, userName]);
  return (
    <VoiceProvider
      persona={personaForPath(pathname)}
      signedIn={session.status === 'signed-in'}
      sessionKnown={session.status !== 'loading'}
      userId={session.user?.id ?? null}
      userName={userName}
      loadContext={loadContext}
    >
      <OfflineBanner />
      {/* Demo requests kept on this device go when the connection returns, whatever page is open. */}
      <DemoRequestSender />
      {/* Auto-reply settings saved offline go when the connection returns, whatever page is open. */}
      <AutoReplySettingsSender data={userData} />
      <InstallPrompt />
      <Outlet />
      <Footer />
      <VoiceCallBar />
    </VoiceProvider>
  );
}
