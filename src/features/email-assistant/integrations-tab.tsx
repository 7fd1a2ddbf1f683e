import { css } from 'styled-system/css';
import { formatLongDateTime, formatShortDate } from '../../lib/format';
import { needsConnection } from '../../lib/online';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { AlertCircleIcon, CheckCircleIcon } from '../../ui/icons';
import { LoadingStatus } from '../../ui/loading-status';
import type { KeptQuery } from '../../data/kept-query';
import type { GmailAccount } from './api/list-gmail-accounts';
import { KeptNote } from '../../ui/kept-note';

const styles = {
  stack: css({ display: 'grid', gap: '4', minW: '0' }),
  header: css({
    display: 'flex',
    flexDirection: { base: 'column', sm: 'row' },
    alignItems: { base: 'stretch', sm: 'center' },
    justifyContent: 'space-between',
    gap: '3',
  }),
  heading: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  list: css({ display: 'grid', gap: '3' }),
  account: css({
    display: 'grid',
    gap: '2',
    p: '4',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    bg: 'bg.surface',
    minW: '0',
  }),
  accountTop: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
  }),
  address: css({ fontWeight: 'semibold', overflowWrap: 'anywhere', minW: '0' }),
  facts: css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1', color: 'fg.muted', fontSize: 'sm' }),
  welcome: css({ display: 'grid', gap: '3' }),
  benefits: css({ display: 'grid', gap: '2' }),
  benefit: css({ display: 'flex', gap: '2', alignItems: 'flex-start', '& svg': { color: 'success', mt: '0.5' } }),
  errorCard: css({
    display: 'grid',
    gap: '3',
    p: { base: '4', md: '6' },
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    color: 'danger.hover',
    minW: '0',
    // On its paragraphs too: the preflight gives <p> break-word, which does not narrow a grid track.
    '&, & p, & li': { overflowWrap: 'anywhere' },
  }),
  errorTitle: css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'bold', fontSize: 'lg' }),
  tips: css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', fontSize: 'sm' }),
};

/** Active green, error red, anything else yellow (docs/product/email-assistant.md#accounts). */
export function accountTone(status: string): BadgeTone {
  if (status === 'active') return 'success';
  if (status === 'error') return 'danger';
  return 'warning';
}

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  error: 'Error',
  pending: 'Pending',
  disconnected: 'Disconnected',
};

export const BENEFITS = [
  'Instant, friendly replies to new enquiries, day and night',
  'Your demo link in every reply, so prospects book themselves in',
  'Every email Chloe handles, logged in one place',
] as const;

export const TROUBLESHOOTING = [
  'Allow pop-ups for this site, so the Google sign-in window can open.',
  'In the Google window, choose the Gmail account you want Chloe to answer from.',
  'When Google asks, allow Chloe to read and send email: both are needed.',
  'Still stuck? Sign out and in again, then connect once more.',
] as const;

type IntegrationsTabProps = {
  accounts: KeptQuery<GmailAccount[]>;
  connecting: boolean;
  /** The last connection attempt's failure (docs/product/messages.md#email-assistant), or null. */
  connectError: string | null;
  online: boolean;
  onConnect: () => void;
};

/**
 * The Integrations tab: connect Gmail, the connected accounts, and what went wrong
 * (docs/product/email-assistant.md#accounts).
 */
export function IntegrationsTab({ accounts, connecting, connectError, online, onConnect }: IntegrationsTabProps) {
  const list = accounts.data ?? [];
  const broken = list.filter((a) => a.account_status === 'error');
  return (
    <div className={styles.stack}>
      <Card className={styles.stack}>
        <div className={styles.header}>
          <div>
            <h2 className={styles.heading}>Gmail</h2>
            <p className={styles.muted}>Connect the inbox Chloe should answer.</p>
          </div>
          <Button size="lg" busy={connecting} disabled={!online} onClick={onConnect}>
            {connecting ? 'Connecting...' : 'Connect Gmail Account'}
          </Button>
        </div>
        {!online ? <p className={styles.muted}>{needsConnection('Connecting Gmail')}</p> : null}
        <KeptNote query={accounts} online={online} what="accounts" />
      </Card>

      {connectError || broken.length ? (
        <section className={styles.errorCard} role="alert" aria-labelledby="gmail-connection-problem">
          <h2 id="gmail-connection-problem" className={styles.errorTitle}>
            <AlertCircleIcon className={css({ w: '5', h: '5' })} />
            Connection problem
          </h2>
          {connectError ? <p>{connectError}</p> : null}
          {broken.map((a) => (
            <p key={a.id}>
              {a.email_address}: {a.status_detail || 'Chloe cannot reach this account. Connect it again.'}
            </p>
          ))}
          <ul className={styles.tips} aria-label="Troubleshooting tips">
            {TROUBLESHOOTING.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <AccountList accounts={accounts} online={online} />
    </div>
  );
}

function AccountList({ accounts, online }: { accounts: KeptQuery<GmailAccount[]>; online: boolean }) {
  if (accounts.data === undefined) {
    if (accounts.loading) return <LoadingStatus>Loading accounts...</LoadingStatus>;
    return (
      <Card role="alert">
        {online
          ? 'Failed to fetch Gmail accounts'
          : 'You are offline. Your accounts show here once they have been loaded.'}
      </Card>
    );
  }
  if (!accounts.data.length) {
    return (
      <Card className={styles.welcome}>
        <h2 className={styles.heading}>Welcome to your Email Assistant</h2>
        <p className={styles.muted}>Connect your Gmail account and Chloe starts answering new emails for you:</p>
        <ul className={styles.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit} className={styles.benefit}>
              <CheckCircleIcon />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </Card>
    );
  }
  return (
    <Card className={styles.stack}>
      <h2 className={styles.heading}>Connected accounts</h2>
      <ul className={styles.list} aria-label="Connected Gmail accounts">
        {accounts.data.map((a) => (
          <li key={a.id} className={styles.account}>
            <div className={styles.accountTop}>
              <span className={styles.address}>{a.email_address}</span>
              <Badge tone={accountTone(a.account_status)}>{STATUS_WORDS[a.account_status] ?? a.account_status}</Badge>
            </div>
            <p className={styles.facts}>
              <span>Connected on {formatShortDate(a.created_at)}</span>
              <span>Last sync: {a.last_sync_at ? formatLongDateTime(a.last_sync_at) : 'Never'}</span>
            </p>
            {a.shared_with ? <p className={styles.muted}>{sharedWords(a.shared_with)}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A mailbox other Chloe accounts connected too (docs/decisions/022-one-reply-per-mailbox.md). */
export const sharedWords = (others: number) =>
  `${others === 1 ? 'Another Chloe account has' : `${others} other Chloe accounts have`} connected this mailbox too. Each conversation still gets one automatic reply: from whichever account's assistant reaches it first, and every account's activity log says who answered.`;
