// The public pages rendered to HTML at build time (scripts/prerender-plugin.ts), with what search
// engines and link previews read: a title and a description of each. The words are the pages' own.
import { HERO } from './landing-content';
import { DEMO_PAGES } from './demo/demo-pages';
import { HIRE_PAGE } from './hire/hire-content';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

const BRAND = 'Chloe';

export const PUBLIC_PAGES: readonly PageMeta[] = [
  { path: '/', title: `${BRAND} — your AI property assistant`, description: HERO.subheadline },
  { path: '/conversation', title: `Talk to ${BRAND} — your AI property assistant`, description: HERO.subheadline },
  {
    path: '/shareholder',
    title: `Become a Co-Founder of ${BRAND}`,
    description: `Invest in ${BRAND}, the AI property assistant for UK movers, estate agents, lawyers and brokers.`,
  },
  { path: '/hire', title: `${HIRE_PAGE.title} for your business`, description: HIRE_PAGE.intro },
  {
    path: '/professional-signup',
    title: `Request a demo — ${BRAND}`,
    description: `Estate agents, solicitors and brokers: request a demo of ${BRAND}, your own AI assistant.`,
  },
  ...Object.values(DEMO_PAGES).map((page) => ({
    path: page.path,
    title: `${page.headline} — ${BRAND} for ${page.prospect}`,
    description: page.subheadline,
  })),
];
