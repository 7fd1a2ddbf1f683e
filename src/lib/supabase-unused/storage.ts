// What the app's build gets for @supabase/storage-js (vite.config.ts, ADR 012): the app stores no
// files; supabase-js creates the client anyway. Using it is an error that says why.
const unused = () => new Error('Storage is not part of this build (see docs/decisions/012-public-pages-as-html.md)');

export class StorageApiError extends Error {}

export class StorageClient {
  from(): never {
    throw unused();
  }
}
