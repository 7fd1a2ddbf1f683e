// The landing page's words (docs/product/marketing.md#landing-page). Every claim and figure is one
// of docs/product/marketing.md#claims (up to 80%, 32 languages, 24/7): add none here.

export const HERO = {
  headline: 'Meet Chloe, your AI property assistant',
  subheadline:
    'From property search to moved, Chloe saves up to 80% of the time — for movers, estate agents, lawyers and mortgage brokers.',
  voiceCaption: 'Click above to talk with Chloe, your AI property assistant',
  coFounder: 'Co-Founder',
} as const;

export const COMPARISON = {
  title: 'Moving, before and with Chloe',
  before: {
    title: 'Before Chloe',
    items: [
      'Chasing agents by phone and email',
      'Missed calls and messages left waiting',
      'Viewings arranged by back-and-forth, feedback never collected',
      'Solicitors and brokers chased by hand for every update',
      'Chains collapsing unseen until it is too late',
    ],
  },
  after: {
    title: 'With Chloe',
    items: [
      'Every call answered 24/7',
      'Viewings booked and confirmed, feedback collected',
      'Solicitors and brokers chased for you',
      'Everyone kept updated by voice, text, email and WhatsApp',
      'The chain monitored in real time, chain-break risk detected',
    ],
  },
} as const;

export type Audience = { id: string; title: string; intro: string; benefits: readonly string[] };

export const AUDIENCES_TITLE = 'One assistant for everyone in the move';

export const AUDIENCES: readonly Audience[] = [
  {
    id: 'agents',
    title: 'For estate agents',
    intro: 'Sales and lettings teams that cannot pick up every call.',
    benefits: [
      'Answers calls 24/7 and captures every lead',
      'Books and confirms viewings, then collects viewing feedback',
      'Logs repairs reported by tenants',
      'Integrates with your CRM and reports on the work done',
    ],
  },
  {
    id: 'movers',
    title: 'For movers',
    intro: 'Buyers and renters from the first search to moving day.',
    benefits: [
      'Contacts agents and books viewings for you',
      'A browser extension saves listings and books viewings',
      'Tells you about price reductions',
      'Keeps you updated at every step, from search to moved',
    ],
  },
  {
    id: 'lawyers',
    title: 'For solicitors and conveyancers',
    intro: 'Lawyers who spend their day answering “any news?”.',
    benefits: [
      'Chases the other solicitors and the brokers in the chain',
      'Keeps buyers, sellers and agents updated by voice, text and email',
      'Monitors the chain in real time and flags chain-break risk',
      'Answers calls 24/7 in 32 languages',
    ],
  },
  {
    id: 'brokers',
    title: 'For mortgage brokers',
    intro: 'Brokers who need the case to keep moving.',
    benefits: [
      'Captures leads from movers around the clock',
      'Chases solicitors so cases keep moving',
      'Can arrange bridging finance when a chain is at risk',
      'Integrates with your CRM and reports',
    ],
  },
];

export const CHAIN_BREAK = {
  title: 'Chain-break protection',
  intro: 'A broken chain costs everyone in it. Chloe watches yours so it holds.',
  points: [
    { title: 'Real-time monitoring', text: 'Monitors property chains in real time.' },
    { title: 'Early warning', text: 'Detects chain-break risk before a sale falls through.' },
    { title: 'Bridging finance', text: 'Can arrange bridging finance to keep your move on track.' },
  ],
} as const;

export const CHANNELS = {
  title: 'Talk to Chloe your way',
  intro: 'Chloe communicates by voice, text, email, WhatsApp and browser, and speaks 32 languages.',
  items: [
    { title: 'Voice', text: 'Answers calls and talks with you in the browser.' },
    { title: 'Text', text: 'Replies to text messages.' },
    { title: 'Email', text: 'Answers and follows up by email.' },
    { title: 'WhatsApp', text: 'Keeps you updated on WhatsApp.' },
    { title: 'Browser', text: 'A browser extension saves listings and books viewings.' },
  ],
} as const;

export const HIRE = {
  title: 'A custom AI assistant for your business',
  text: 'Estate agents, lettings, solicitors and conveyancers, mortgage brokers, legal firms and short-stay hosts can have their own assistant, answering for them 24/7.',
  button: 'Hire Chloe for Your Business',
  href: '/professional-signup',
  more: 'See what Chloe does for agencies',
  moreHref: '/hire',
} as const;

export const CLOSING = {
  share: 'Liked what you heard? Share this demo with your team and let them talk with Chloe too.',
  invest: 'Want a stake in Chloe? Ask Chloe how to become a founding member and investor.',
} as const;
