import { PERSONAS, type PersonaId } from '../../../lib/personas';

// The demo and agent landing pages (docs/product/marketing.md#demo-pages): one entry per page, read
// by the one page component. Claims and figures are only those of docs/product/marketing.md#claims
// (7 days, 32 languages, 24/7): add none here. The phone numbers are made up, in Ofcom's drama
// range (020 7946 0000–0999), one per page, until each prospect's real line is given.

export type DemoPath =
  | '/demo/haus&haus'
  | '/demo/oval-real-estate'
  | '/demo/london-nightly'
  | '/demo-hawes-co'
  | '/demo-yopa'
  | '/cornerstone-estate-agents'
  | '/we-can-properties'
  | '/winkworths';

export interface DemoPageData {
  path: DemoPath;
  /** A per-prospect demo page or an agent landing page (the route table's two rows). */
  kind: 'demo' | 'agent';
  /** Who answers (docs/product/voice.md#personas; src/lib/personas.ts PERSONA_BY_PATH says the same). */
  persona: PersonaId;
  /** The voice agent behind the embedded widget: the persona's, from VITE_VOICE_AGENT_<NAME>. */
  agentId: string;
  /** Who the page is made for. */
  prospect: string;
  headline: string;
  subheadline: string;
  /** The assistant's direct line: national digits, grouped and dialled by src/lib/phone.ts. */
  phone: string;
  /** What the hero features beside the voice button: the call button or a channel grid. */
  hero: 'phone' | 'channels';
  intro: { title: string; text: string };
  closing: { title: string; text: string };
}

/** The handwritten note (the demo is available for 7 days). */
export const DEMO_DAYS = 7;
export const DEMO_NOTE = `This demo is available for ${DEMO_DAYS} days — share it with your team!`;

/** The four channel tiles of every page (titles word for word). */
export const DEMO_CHANNELS = [
  { id: 'voice', title: 'Voice Calls', text: 'Answers your line and talks to callers in the browser, 24/7.' },
  { id: 'email', title: 'Email', text: 'Replies to enquiries and follows up, so no email waits until Monday.' },
  { id: 'sms', title: 'SMS & Text', text: 'Confirms appointments and sends updates by text and WhatsApp.' },
  {
    id: 'web',
    title: 'Web Browser',
    text: 'Talks to visitors on your website; a browser extension saves listings and books viewings.',
  },
] as const;

/** The eight feature cards of every page: eight of the claims (docs/product/marketing.md#claims). */
export const DEMO_FEATURES = [
  { title: '24/7 call answering', text: 'Every call picked up: evenings, weekends and bank holidays included.' },
  {
    title: 'Viewings booked and confirmed',
    text: 'Finds a time that suits everyone, books it and confirms it with each party.',
  },
  { title: 'Viewing feedback', text: 'Asks applicants how the viewing went and passes their feedback on.' },
  {
    title: 'Solicitors and brokers chased',
    text: 'Chases solicitors and mortgage brokers for updates so sales keep moving.',
  },
  { title: 'Repairs logged', text: 'Takes repair reports with the details your contractor needs.' },
  { title: 'Every lead captured', text: 'Takes each caller’s name, number and what they need, ready for your team.' },
  { title: '32 languages', text: 'Speaks with buyers, tenants and guests in 32 languages.' },
  {
    title: 'CRM, reports and price reductions',
    text: 'Works with your CRM, reports on every conversation and tells applicants about price reductions.',
  },
] as const;

/** The demo and agent pages, by path. */
export const DEMO_PAGES: { readonly [P in DemoPath]: DemoPageData & { path: P } } = {
  '/demo/haus&haus': {
    path: '/demo/haus&haus',
    kind: 'demo',
    persona: 'sarah',
    agentId: PERSONAS.sarah.agentId,
    prospect: 'Haus & Haus',
    headline: 'Meet Sarah, the AI assistant for Haus & Haus',
    subheadline:
      'Sarah answers every call, books and confirms viewings and keeps buyers, sellers and tenants up to date — day and night.',
    phone: '02079460211',
    hero: 'phone',
    intro: {
      title: 'Your team, with Sarah on the phones',
      text: 'This working demo was set up for Haus & Haus. Talk to Sarah the way a buyer, a landlord or a tenant would: ask about a property, book a viewing or report a problem. She answers straight away and your negotiators get a tidy summary.',
    },
    closing: {
      title: 'Ready for Sarah to answer for Haus & Haus?',
      text: 'Share this page with your team and let them put Sarah through her paces. When you are ready, we will connect her to your phone line and your CRM.',
    },
  },
  '/demo/oval-real-estate': {
    path: '/demo/oval-real-estate',
    kind: 'demo',
    persona: 'archer',
    agentId: PERSONAS.archer.agentId,
    prospect: 'Oval Real Estate',
    headline: 'Meet Archer, the AI assistant for Oval Real Estate',
    subheadline:
      'Archer looks after your tenants and landlords around the clock: repairs logged, questions answered and every enquiry followed up.',
    phone: '02079460312',
    hero: 'channels',
    intro: {
      title: 'Property management without the missed calls',
      text: 'Managing homes means the phone never stops. Archer picks up every call from tenants, landlords and contractors, logs repairs with the details your contractor needs and keeps everyone updated by text and email, so your property managers can get on with the portfolio.',
    },
    closing: {
      title: 'Let Archer take the calls for Oval Real Estate',
      text: 'Try Archer as a tenant with a leaking tap or a landlord asking for an update, then share this page with your team.',
    },
  },
  '/demo/london-nightly': {
    path: '/demo/london-nightly',
    kind: 'demo',
    persona: 'joanne',
    agentId: PERSONAS.joanne.agentId,
    prospect: 'London Nightly',
    headline: 'Meet Joanne, the AI host for London Nightly',
    subheadline:
      'Joanne answers your guests day and night in 32 languages — bookings, check-in questions and anything that needs fixing — so the family gets its evenings back.',
    phone: '02079460423',
    hero: 'channels',
    intro: {
      title: 'A warm welcome at any hour',
      text: 'Guests land late, lose the key code and ask about parking at 2 am. Joanne answers them straight away, logs anything that needs fixing and passes the rest on to you with a clear summary in the morning.',
    },
    closing: {
      title: 'Ready for Joanne to look after your guests?',
      text: 'Ask Joanne what a guest would ask, in English or in another language, then share this page with the family.',
    },
  },
  '/demo-hawes-co': {
    path: '/demo-hawes-co',
    kind: 'demo',
    persona: 'sarah',
    agentId: PERSONAS.sarah.agentId,
    prospect: 'Hawes & Co',
    headline: 'Meet Sarah, the AI assistant for Hawes & Co',
    subheadline:
      'Sarah picks up every call to Hawes & Co, captures each lead and books viewings into the diary — evenings and weekends included.',
    phone: '02079460534',
    hero: 'phone',
    intro: {
      title: 'Never miss an applicant again',
      text: 'The keenest applicants call when the office is closed. Sarah answers them, finds out what they are looking for, books the viewing and asks for feedback afterwards, while your negotiators focus on valuations and offers.',
    },
    closing: {
      title: 'Ready for Sarah to join Hawes & Co?',
      text: 'Give Sarah a call as an applicant or a vendor, then share this page with your branch team.',
    },
  },
  '/demo-yopa': {
    path: '/demo-yopa',
    kind: 'demo',
    persona: 'kerry',
    agentId: PERSONAS.kerry.agentId,
    prospect: 'YOPA',
    headline: 'Meet Kerry, the AI assistant for YOPA',
    subheadline:
      'Kerry answers buyers and sellers 24/7, captures every lead and keeps each sale moving from offer to completion.',
    phone: '02079460645',
    hero: 'channels',
    intro: {
      title: 'One friendly voice for every YOPA enquiry',
      text: 'Whether a seller wants a valuation or a buyer wants a Sunday viewing, Kerry answers at once, books it in and lets your local agent know. She chases solicitors and brokers too, so sales do not stall.',
    },
    closing: {
      title: 'Ready for Kerry to answer for YOPA?',
      text: 'Talk to Kerry as a buyer or a seller would, then share this page with your team.',
    },
  },
  '/cornerstone-estate-agents': {
    path: '/cornerstone-estate-agents',
    kind: 'agent',
    persona: 'sarah',
    agentId: PERSONAS.sarah.agentId,
    prospect: 'Cornerstone Estate Agents',
    headline: 'Sarah answers for Cornerstone Estate Agents',
    subheadline:
      'An AI assistant for sales and lettings: every call answered, viewings confirmed and feedback collected, 24/7.',
    phone: '02079460756',
    hero: 'phone',
    intro: {
      title: 'Built around your branch',
      text: 'Sarah handles the calls that pull your team away from clients: viewing requests, “any news on my sale?” and repair reports from tenants. Talk to her now to hear how she would sound to your customers.',
    },
    closing: {
      title: 'Put Sarah to work for Cornerstone',
      text: 'Share this page with your negotiators and lettings team, and let them try Sarah for themselves.',
    },
  },
  '/we-can-properties': {
    path: '/we-can-properties',
    kind: 'agent',
    persona: 'sandra',
    agentId: PERSONAS.sandra.agentId,
    prospect: 'We Can Properties',
    headline: 'Sandra answers for We Can Properties',
    subheadline:
      'Calls, emails and texts answered in minutes, day and night, so no landlord, tenant or buyer is left waiting.',
    phone: '02079460867',
    hero: 'channels',
    intro: {
      title: 'More time for the people in front of you',
      text: 'Sandra takes the routine calls and messages off your desk: she books viewings, logs repairs, captures new landlords and buyers, and keeps your CRM up to date with what was said.',
    },
    closing: {
      title: 'Ready for Sandra to join We Can Properties?',
      text: 'Ask Sandra anything a landlord, tenant or buyer would, then share this page with your team.',
    },
  },
  '/winkworths': {
    path: '/winkworths',
    kind: 'agent',
    persona: 'sarah',
    agentId: PERSONAS.sarah.agentId,
    prospect: 'Winkworths',
    headline: 'Sarah answers for Winkworths',
    subheadline:
      'An AI assistant for your office: calls answered 24/7, viewings booked and confirmed, and price reductions shared with the right applicants.',
    phone: '02079460978',
    hero: 'phone',
    intro: {
      title: 'Every enquiry answered, even after hours',
      text: 'Sarah answers your office line when your team cannot, takes the details of every buyer, seller and tenant, and books viewings straight away. Your negotiators start each day with a clear list of who called and what they need.',
    },
    closing: {
      title: 'Ready for Sarah to answer for Winkworths?',
      text: 'Share this page with your office and let your team hear Sarah for themselves.',
    },
  },
};
