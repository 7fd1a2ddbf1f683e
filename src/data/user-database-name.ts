/** The IndexedDB name of a user's local database. */
export const userDatabaseName = (userId: string) => `chloe-user-${userId}`;

/**
 * The IndexedDB databases RxDB's Dexie storage made for local database `name`, one per table:
 * `rxdb-dexie-<name>--<schema version>--<table>`. Undefined where the browser cannot list them.
 */
export async function storedDatabasesOf(name: string): Promise<string[] | undefined> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return undefined;
  const prefix = `rxdb-dexie-${name}--`;
  return (await indexedDB.databases()).flatMap((d) => (d.name?.startsWith(prefix) ? [d.name] : []));
}

/** Whether this device holds the user's local table `collection` (undefined: it cannot tell). */
export async function holdsLocalTable(userId: string, collection: string): Promise<boolean | undefined> {
  const names = await storedDatabasesOf(userDatabaseName(userId)).catch(() => undefined);
  return names?.some((name) => name.endsWith(`--${collection}`));
}
