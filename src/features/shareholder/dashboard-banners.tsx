import { useNavigate } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { useRefusal } from '../../data/refusals';
import type { ShareSubscriptionDoc } from '../../data/schemas';
import { reopenSubscription } from '../../data/subscriptions';
import type { UserData } from '../../data/user-data';
import { formatAmount as money, formatLongDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { subscriptionRefusalWords } from './subscription-form';
import { refundBy, refundSentence } from './subscription';

const styles = {
  banner: css({ p: '4', borderRadius: 'lg', borderWidth: '1px', display: 'grid', gap: '2' }),
  welcome: css({ bg: 'primary.subtle', borderColor: 'brand.200' }),
  info: css({ bg: 'bg.muted', borderColor: 'border.strong' }),
  refused: css({ bg: 'danger.subtle', borderColor: 'danger.border', justifyItems: 'start' }),
  bannerTitle: css({ fontWeight: 'bold', fontFamily: 'heading', fontSize: 'lg' }),
};

export function WelcomeBanner({ name }: { name: string }) {
  return (
    <div className={cx(styles.banner, styles.welcome)}>
      <h1 className={styles.bannerTitle}>Welcome back, {name}</h1>
      <p>Here is where your share subscription stands.</p>
    </div>
  );
}

/** A cancelled subscription: when it was cancelled, and what happens to a payment made. */
export function CancelledNotice({ sub, paid }: { sub: ShareSubscriptionDoc; paid: boolean }) {
  return (
    <div className={cx(styles.banner, styles.info)} role="status">
      <p>You cancelled this subscription{sub.cancelled_at ? ` on ${formatLongDate(sub.cancelled_at)}` : ''}.</p>
      <p>
        {refundSentence(
          paid,
          money(sub.total_amount ?? 0),
          sub.cancelled_at ? formatLongDate(refundBy(sub.cancelled_at).toISOString()) : null,
        )}
      </p>
    </div>
  );
}

/**
 * A subscription signed on this device that the server does not have yet: on its way, or refused
 * (then it says why and reopens it to correct, instead of waiting for ever).
 */
export function PendingSubscription({ data, id }: { data: UserData; id: string }) {
  const navigate = useNavigate();
  const refusal = useRefusal(data.outbox, 'share_subscriptions', id);
  if (!refusal) {
    return (
      <div className={cx(styles.banner, styles.info)} role="status">
        Your subscription is completed on this device and will be submitted when you are back online.
      </div>
    );
  }
  return (
    <div className={cx(styles.banner, styles.refused)} role="alert">
      <p>We could not accept your subscription: {subscriptionRefusalWords(refusal)}.</p>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void reopenSubscription(data, id).then(() => navigate({ to: '/shareholder/subscribe' }))}
      >
        Correct and sign again
      </Button>
    </div>
  );
}
