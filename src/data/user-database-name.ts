/** The IndexedDB name of a user's local database. */
export const userDatabaseName = (userId: string) => `chloe-user-${userId}`;
