/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** The voice service's websocket origin (production: wss://api.elevenlabs.io). */
  readonly VITE_VOICE_ORIGIN?: string;
  /** The voice widget script loaded into <head> while the app runs. */
  readonly VITE_VOICE_WIDGET_URL?: string;
  /** Its Subresource Integrity ('sha384-…'); the pinned default's is built in. */
  readonly VITE_VOICE_WIDGET_INTEGRITY?: string;
  readonly VITE_VOICE_AGENT_CHLOE?: string;
  readonly VITE_VOICE_AGENT_SARAH?: string;
  readonly VITE_VOICE_AGENT_ARCHER?: string;
  readonly VITE_VOICE_AGENT_JOANNE?: string;
  readonly VITE_VOICE_AGENT_KERRY?: string;
  readonly VITE_VOICE_AGENT_SANDRA?: string;
  readonly VITE_VOICE_AGENT_NORMAN?: string;
  /** The Chloe browser extension's id: /extension-auth hands the session to it (chrome.runtime). */
  readonly VITE_EXTENSION_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
