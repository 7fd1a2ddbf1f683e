/**
 * What the sync needs to know of one table's columns (the app declares them beside its schemas):
 * the merge, the equality checks and the push all follow these.
 */
export interface TableRules {
  /** Array fields merged as sets: the server's list, minus what this device removed, plus what it added. */
  listFields: readonly string[];
  /** Fields only the server writes (timestamps, signing facts): never the device's change. */
  serverOwned: readonly string[];
  /** Fields this device owns: its value wins a conflict, nothing is logged (its own progress marker). */
  deviceOwned?: readonly string[];
  /** When true the server's row is final (signed, completed): the device takes it as it is. */
  serverIsFinal?: (server: Readonly<Record<string, unknown>>) => boolean;
}

/** The rules of every synced table of one database, by table name. */
export type SyncRules = Readonly<Record<string, TableRules>>;

/** The rules of `table`; a table with none declared has no lists and no server-owned fields. */
export const rulesOf = (rules: SyncRules, table: string): TableRules =>
  rules[table] ?? { listFields: [], serverOwned: [] };
