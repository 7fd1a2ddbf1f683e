import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { UserDataProvider } from './data/user-data';
import { LOADING_SESSION, SessionProvider, useSession } from './features/auth/session';
import { captureInstallPrompt } from './features/pwa/install';
import { startServiceWorker } from './features/pwa/register';
import { supabase } from './lib/supabase';
import { Toaster } from './ui/toaster';
import './index.css';

const router = createRouter({
  routeTree,
  context: { session: LOADING_SESSION },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function App() {
  const session = useSession();
  // The signed-in user's local database (RxDB) and its replication; closed when they sign out.
  return (
    <UserDataProvider userId={session.user?.id ?? null} client={supabase}>
      <RouterProvider router={router} context={{ session }} />
    </UserDataProvider>
  );
}

captureInstallPrompt();
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <SessionProvider>
      <App />
      <Toaster />
    </SessionProvider>
  </StrictMode>,
);
