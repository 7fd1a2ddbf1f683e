// Built for Node by scripts/prerender-plugin.ts at the end of `vite build`: the pages' HTML,
// rendered from the same tree the browser hydrates (src/app.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppTree, createAppRouter } from './app';
import { ASSESSMENT_INTRO } from './features/assessment/assessment-page';
import { PUBLIC_PAGES, type PageMeta } from './features/marketing/page-meta';
import { SUBSCRIBE_INTRO } from './features/shareholder/subscribe-frame';

/** A page the build writes; `render` is the address rendered for a route's page (any token will do). */
export type BuiltPage = PageMeta & { index: boolean; render?: string };

// The wizards paint their frame from HTML too, then fill it: 'Loading...' where the steps go
// until the session is read and the local data has opened. An assessment link is private: not
// for search engines.
const WIZARD_PAGES: BuiltPage[] = [
  {
    path: '/shareholder/subscribe',
    title: 'Share Subscription — Chloe',
    description: SUBSCRIBE_INTRO,
    index: true,
  },
  {
    path: '/agent-assessment/$token',
    render: `/agent-assessment/${'Prerendered'.padEnd(32, '0')}`,
    title: 'Agent Assessment — Chloe',
    description: ASSESSMENT_INTRO,
    index: false,
  },
];

export const PAGES: readonly BuiltPage[] = [...PUBLIC_PAGES.map((p) => ({ ...p, index: true })), ...WIZARD_PAGES];

/** The markup of `path` as a visitor whose session is not known yet sees it first. */
export async function renderPage(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const { prelude } = await prerenderToNodeStream(<AppTree router={router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
