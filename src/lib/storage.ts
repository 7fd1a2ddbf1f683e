// Ask the browser to keep this origin's storage (so unsynced drafts are not evicted under
// pressure), once, at the first local write; and report what it answered and how much is stored.
export interface StorageInfo {
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

let requested: Promise<boolean | null> | undefined;

/** Asks once per page; `again`: a person asked (a browser may grant that, or prompt for it). */
export function requestPersistentStorage(again = false): Promise<boolean | null> {
  if (again) requested = undefined;
  requested ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist) return null;
    try {
      return (await storage.persisted?.()) || (await storage.persist());
    } catch {
      return null;
    }
  })();
  return requested;
}

export async function storageInfo(): Promise<StorageInfo> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => undefined) : undefined;
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}
