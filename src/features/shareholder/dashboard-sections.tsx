import { css } from 'styled-system/css';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { formatAmount as money, formatLongDate } from '../../lib/format';
import { LOCKED_SUMMARY } from '../../lib/shareholding';
import { CollapsibleSection } from '../../ui/collapsible-section';
import { Figures } from '../../ui/figures';
import { AgentAssessmentSection, LockedIcon } from './assessment-section';
import type { StatusLine } from './subscription';

const styles = {
  status: css({ display: 'grid', gap: '2' }),
  // Label and value on one line when they fit, else the value on the next line, right-aligned:
  // neither breaks inside ('Share / Certificate' at 390 px).
  statusRow: css({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    columnGap: '3',
    rowGap: '1',
    '& > span': { whiteSpace: 'nowrap' },
    '& > span:last-child': { ml: 'auto' },
    p: '3',
    borderRadius: 'md',
    bg: 'bg.muted',
  }),
  done: css({ color: 'success.text', fontWeight: 'semibold' }),
  waiting: css({ color: 'fg.muted', fontWeight: 'semibold' }),
};

/** Locked, it stays in the spec's place but closed: one line says why, the tool waits inside. */
export function AgentAssessment({ unlocked }: { unlocked: boolean }) {
  return (
    <CollapsibleSection
      // Unlocked while the page is open (the payment synced in): it opens, as it would have.
      key={String(unlocked)}
      title={<>{unlocked ? null : <LockedIcon />}Agent Assessment</>}
      summary={unlocked ? undefined : LOCKED_SUMMARY}
      defaultOpen={unlocked}
    >
      <AgentAssessmentSection unlocked={unlocked} />
    </CollapsibleSection>
  );
}

export function InvestmentOverview({ sub }: { sub: ShareSubscriptionDoc }) {
  return (
    <CollapsibleSection title="Investment Overview" defaultOpen>
      <Figures>
        <dt>Number of shares</dt>
        <dd>{sub.number_of_shares.toLocaleString('en-GB')}</dd>
        <dt>Price per share</dt>
        <dd>{money(sub.subscription_price)}</dd>
        <dt>Total</dt>
        <dd>{money(sub.total_amount)}</dd>
      </Figures>
    </CollapsibleSection>
  );
}

export function SubscriptionStatus({ lines }: { lines: StatusLine[] }) {
  return (
    <CollapsibleSection title="Subscription Status" defaultOpen>
      <ul className={styles.status} aria-label="Agreement status">
        {lines.map((line) => (
          <li key={line.label} className={styles.statusRow}>
            <span>{line.label}</span>
            <span className={line.complete ? styles.done : styles.waiting}>
              {line.complete ? '✓ ' : ''}
              {line.value}
            </span>
          </li>
        ))}
      </ul>
    </CollapsibleSection>
  );
}

export function SubscriptionDetails({ sub, deadline }: { sub: ShareSubscriptionDoc; deadline: string | null }) {
  const effective = sub.effective_date ?? '';
  return (
    <CollapsibleSection title="Subscription Details">
      <Figures>
        <dt>Subscriber</dt>
        <dd>{sub.subscriber_name ?? ''}</dd>
        <dt>Email</dt>
        <dd>{sub.subscriber_email}</dd>
        <dt>Payment reference</dt>
        <dd>{sub.payment_reference ?? 'Given when your subscription reaches us'}</dd>
        <dt>Effective date</dt>
        <dd>{effective ? formatLongDate(effective) : 'Set when your subscription reaches us'}</dd>
        <dt>Signed on</dt>
        <dd>{sub.signature_timestamp ? formatLongDate(sub.signature_timestamp) : '—'}</dd>
        <dt>Cooling-off deadline</dt>
        <dd>{deadline ? formatLongDate(deadline) : '—'}</dd>
      </Figures>
    </CollapsibleSection>
  );
}

export function ContactInformation({ sub }: { sub: ShareSubscriptionDoc }) {
  return (
    <CollapsibleSection title="Contact Information">
      <Figures>
        <dt>Address</dt>
        <dd>{sub.subscriber_address}</dd>
        {sub.subscriber_phone ? (
          <>
            <dt>Phone</dt>
            <dd>{sub.subscriber_phone}</dd>
          </>
        ) : null}
      </Figures>
    </CollapsibleSection>
  );
}
