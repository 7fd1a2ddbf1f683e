/** The IndexedDB name of a user's local database. */
export const userDatabaseName = (userId: string) => `chloe-user-${userId}`;

/**
 * Whether this device holds the user's local table `collection` (RxDB's Dexie storage keeps each in
 * an IndexedDB database named `rxdb-dexie-<database>--<schema version>--<collection>`). Undefined
 * where the browser cannot list its databases.
 */
export async function holdsLocalTable(userId: string, collection: string): Promise<boolean | undefined> {
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return undefined;
  const prefix = `rxdb-dexie-${userDatabaseName(userId)}--`;
  const names = await indexedDB.databases().catch(() => null);
  return names?.some((d) => d.name?.startsWith(prefix) && d.name.endsWith(`--${collection}`));
}
