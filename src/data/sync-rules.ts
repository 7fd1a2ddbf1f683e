import type { Doc } from '../sync/merge';
import type { SyncRules, TableRules } from '../sync/rules';
import { LIST_FIELDS, SERVER_OWNED_FIELDS } from './schemas';

const table = (name: string, rules: Partial<TableRules> = {}): TableRules => ({
  listFields: LIST_FIELDS[name] ?? [],
  serverOwned: SERVER_OWNED_FIELDS,
  ...rules,
});

/** The conflict rule's knowledge of each synced table (docs/decisions/003-sync.md). */
export const SYNC_RULES: SyncRules = {
  saved_properties: table('saved_properties'),
  // A signed or cancelled subscription is the server's: the device takes it as it is.
  share_subscriptions: table('share_subscriptions', {
    serverIsFinal: (server: Doc) => server.status === 'signed' || server.status === 'cancelled',
  }),
  share_agreement_status: table('share_agreement_status', { serverIsFinal: () => true }),
  email_logs: table('email_logs', { serverIsFinal: () => true }),
  agent_assessments: table('agent_assessments', {
    serverIsFinal: (server: Doc) => server.status === 'completed',
    // Where this device's wizard reopens: the device is the authority for its own progress.
    deviceOwned: ['last_step'],
  }),
};
