import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { LOADING_SESSION, SessionProvider, useSession } from './features/auth/session';
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
  return <RouterProvider router={router} context={{ session }} />;
}

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
