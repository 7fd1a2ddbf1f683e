/// <reference types="chrome" />

/** Set by scripts/build-extension.mjs for the app and Supabase project the extension talks to. */
declare const __CHLOE_CONFIG__: {
  /** The app's origin: /extension-auth and /saved-properties are there. */
  appUrl: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
};
