import { useDeferredValue, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { formatLongDateTime } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/field';
import { LoadingStatus } from '../../ui/loading-status';
import type { KeptQuery } from '../../data/kept-query';
import type { EmailLog } from './api/list-email-logs';
import { KeptNote } from '../../ui/kept-note';

const styles = {
  stack: css({ display: 'grid', gap: '4', minW: '0' }),
  heading: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  list: css({ display: 'grid', gap: '3' }),
  item: css({
    display: 'grid',
    gap: '1',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    minW: '0',
    overflowWrap: 'anywhere',
  }),
  top: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '2' }),
  sender: css({ fontWeight: 'semibold', minW: '0' }),
  subject: css({ minW: '0' }),
  meta: css({ color: 'fg.muted', fontSize: 'sm' }),
  empty: css({ display: 'grid', gap: '1', textAlign: 'center', py: '6' }),
  emptyTitle: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg' }),
  count: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/** Replied, pending, failed, skipped; any other value is shown as pending. */
export function replyStatus(status: string): { label: string; tone: BadgeTone } {
  switch (status) {
    case 'replied':
      return { label: 'Replied', tone: 'success' };
    case 'failed':
      return { label: 'Failed', tone: 'danger' };
    case 'skipped':
      return { label: 'Skipped', tone: 'neutral' };
    default:
      return { label: 'Pending', tone: 'warning' };
  }
}

/** Case-insensitive, over the sender's address and name and the subject. */
export function matchesSearch(
  log: Pick<EmailLog, 'sender_email' | 'sender_name' | 'subject'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [log.sender_email, log.sender_name, log.subject].some((text) => text?.toLowerCase().includes(needle));
}

/**
 * The Activity Logs tab: the emails Chloe handled, searchable
 * (docs/product/email-assistant.md#activity-logs).
 */
export function ActivityLogsTab({ logs, online }: { logs: KeptQuery<EmailLog[]>; online: boolean }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const countId = useId();
  if (logs.data === undefined) {
    if (logs.loading) return <LoadingStatus>Loading activity...</LoadingStatus>;
    return (
      <Card role="alert">
        {online
          ? 'Failed to fetch email logs'
          : 'You are offline. Your email activity shows here once it has been loaded.'}
      </Card>
    );
  }
  const shown = logs.data.filter((log) => matchesSearch(log, deferred));
  const searching = deferred.trim() !== '';
  return (
    <Card className={styles.stack}>
      <h2 className={styles.heading}>Email activity</h2>
      <KeptNote query={logs} online={online} what="email activity" />
      <TextField
        label="Search emails"
        type="search"
        placeholder="Sender, email address or subject"
        maxLength={200}
        value={search}
        aria-describedby={countId}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p id={countId} className={styles.count} aria-live="polite">
        {searching ? `${shown.length} of ${logs.data.length} emails match` : `${logs.data.length} most recent emails`}
      </p>
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No email activity yet</p>
          <p className={styles.meta}>
            {searching ? 'No emails match your search criteria' : "Chloe hasn't processed any emails yet"}
          </p>
        </div>
      ) : (
        <ul className={styles.list} aria-label="Email activity">
          {shown.map((log) => {
            const status = replyStatus(log.reply_status);
            return (
              <li key={log.id} className={styles.item}>
                <div className={styles.top}>
                  <span className={styles.sender}>{log.sender_name?.trim() || 'Unknown'}</span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <span className={styles.meta}>{log.sender_email}</span>
                <span className={styles.subject}>{log.subject?.trim() || 'No subject'}</span>
                <span className={styles.meta}>
                  Received {formatLongDateTime(log.received_at)}
                  {log.replied_at ? ` · replied ${formatLongDateTime(log.replied_at)}` : ''} · to{' '}
                  {log.gmail_accounts.email_address}
                </span>
                {log.reason ? <span className={styles.meta}>{log.reason}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
