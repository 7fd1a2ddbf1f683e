// Where the extension's app and Supabase project are: fixed when it is built (npm run
// build:extension: the local stack unless EXTENSION_APP_URL and the VITE_SUPABASE_* variables say).
export const CONFIG = __CHLOE_CONFIG__;

/** The app's origin, as the browser reports a sender's (no path, no trailing slash). */
export const APP_ORIGIN = new URL(CONFIG.appUrl).origin;
