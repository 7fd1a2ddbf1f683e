import { lazy } from 'react';
import { Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import type { UserData } from '../data/user-data';
import type { AuthRouterContext } from '../features/auth/guards';
import { Footer } from '../features/marketing/footer';
import { NotFoundPage } from '../features/marketing/not-found-page';
import { InstallPrompt } from '../features/pwa/install-prompt';
import { OfflineBanner } from '../features/pwa/offline-banner';
import { OfflineReadyNote } from '../features/pwa/offline-ready-note';
import { VoiceCallBar } from '../features/voice/voice-call-bar';
import { useVoiceContextLoader } from '../features/voice/use-context-loader';
import { VoiceProvider } from '../features/voice/voice-session';
import { useHydrated } from '../lib/hydrated';
import { QuietBoundary } from '../ui/quiet-boundary';
import { personaForPath } from '../lib/personas';

/** What guards and loaders read (main.tsx keeps it current and re-runs them when it changes). */
export interface RouterContext extends AuthRouterContext {
  /** The signed-in user's local database, or null while it opens and when nobody is signed in. */
  userData: UserData | null;
}

// Senders of what was kept on this device: they draw nothing, and their code (supabase-js, the
// queues) comes after the first paint.
const DemoRequestSender = lazy(() =>
  import('../features/marketing/demo-request/demo-request-sender').then((m) => ({ default: m.DemoRequestSender })),
);
const AutoReplySettingsSender = lazy(() =>
  import('../features/email-assistant/settings-sender').then((m) => ({ default: m.AutoReplySettingsSender })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { session, userData } = Route.useRouteContext();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const name: unknown = session.user?.user_metadata['full_name'];
  const userName = typeof name === 'string' && name.trim() ? name.trim() : null;
  const loadContext = useVoiceContextLoader(userData, session.status === 'signed-in', userName);
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
      {/* In the browser only (a page's HTML has no senders), once it has taken over the page. */}
      {hydrated && (
        <>
          {/* Demo requests kept on this device go when the connection returns, whatever page is open. */}
          <QuietBoundary what="Sending the demo requests kept on this device">
            <DemoRequestSender />
          </QuietBoundary>
          {/* Auto-reply settings saved offline go when the connection returns, whatever page is open. */}
          {userData && (
            <QuietBoundary what="Sending the auto-reply settings kept on this device">
              <AutoReplySettingsSender data={userData} />
            </QuietBoundary>
          )}
        </>
      )}
      <InstallPrompt />
      <Outlet />
      <Footer />
      <OfflineReadyNote />
      <VoiceCallBar />
    </VoiceProvider>
  );
}
