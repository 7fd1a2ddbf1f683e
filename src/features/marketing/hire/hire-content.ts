// The Hire page's words: what Chloe does, from docs/product/marketing.md#claims, one row per feature.
export const HIRE_PAGE = {
  title: 'Hire Chloe',
  intro:
    'Give your agency, practice or brokerage its own AI assistant. Chloe answers calls, emails and messages for you 24/7 and saves up to 80% of the time from search to moved.',
  requestDemo: 'Request Demo',
  featuresTitle: 'What Chloe does for you',
} as const;

export const HIRE_FEATURES: readonly { category: string; feature: string }[] = [
  { category: 'Calls', feature: 'Answers calls 24/7' },
  { category: 'Leads', feature: 'Captures leads from every call, email and message' },
  { category: 'Viewings', feature: 'Books and confirms viewings' },
  { category: 'Viewings', feature: 'Collects viewing feedback' },
  { category: 'Property chains', feature: 'Monitors property chains in real time' },
  { category: 'Property chains', feature: 'Detects chain-break risk' },
  { category: 'Finance', feature: 'Can arrange bridging finance' },
  { category: 'Progression', feature: 'Chases solicitors and brokers' },
  { category: 'Channels', feature: 'Communicates by voice, text, email, WhatsApp and browser' },
  { category: 'Languages', feature: 'Speaks 32 languages' },
  { category: 'Browser extension', feature: 'Saves listings and books viewings from the browser' },
  { category: 'Lettings', feature: 'Logs repairs' },
  { category: 'Pricing', feature: 'Tells buyers about price reductions' },
  { category: 'CRM', feature: 'Integrates with your CRM' },
  { category: 'Reporting', feature: 'Reports on calls, viewings and progress' },
];
