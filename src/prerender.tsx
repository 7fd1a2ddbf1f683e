// Built for Node by scripts/prerender-plugin.ts at the end of `vite build`: the public pages'
// HTML, rendered from the same tree the browser hydrates (src/app.tsx).
import { createMemoryHistory } from '@tanstack/react-router';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppTree, createAppRouter } from './app';

export { PUBLIC_PAGES } from './features/marketing/page-meta';

/** The markup of `path` as a visitor whose session is not known yet sees it first. */
export async function renderPage(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const { prelude } = await prerenderToNodeStream(<AppTree router={router} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
