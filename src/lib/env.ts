// The local stack's gateway and its well-known anon key (public by design, the same value the
// Supabase CLI uses for local development). A hosted build sets both VITE_ variables.
const LOCAL_SUPABASE_URL = 'http://localhost:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

// `||` rather than `??`: an empty variable in a .env file means "not set", not "empty URL".
export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL;
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

// The voice service (ElevenLabs in production; `npm start` points both at its local stand-in).
// Only public values: the API key stays in the functions' env.
export const voiceOrigin: string = import.meta.env.VITE_VOICE_ORIGIN || 'wss://api.elevenlabs.io';
const PINNED_WIDGET = 'https://unpkg.com/@elevenlabs/convai-widget-embed@0.5.4';
export const voiceWidgetUrl: string = import.meta.env.VITE_VOICE_WIDGET_URL || PINNED_WIDGET;
// The pinned widget's Subresource Integrity (sha384 of the npm package's dist/index.js, what that
// URL serves): a changed file on the CDN is not run. Another URL brings its own, or none (the local
// stand-in is this machine's).
export const voiceWidgetIntegrity: string =
  import.meta.env.VITE_VOICE_WIDGET_INTEGRITY ||
  (voiceWidgetUrl === PINNED_WIDGET ? 'sha384-L8QhIVpmoWpPM15vV1w01h3MeAacu0St/AFvgbPN89YAFeqSETsCKtpkX6yTeYJA' : '');

// The browser extension /extension-auth hands the session to (chrome.runtime.sendMessage): by
// default the id the extension's own key gives it (extension/manifest.mjs); a store-published one
// has the store's id. The page's window message goes too (the extension's content script hears it).
export const extensionId: string = import.meta.env.VITE_EXTENSION_ID || 'pkcafcjbhmeidkhjonfnpdjpghmhacch';
