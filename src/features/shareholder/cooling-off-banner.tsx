import { useState } from 'react';
import { css } from 'styled-system/css';
import { formatLongDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCancelSubscription } from './api/cancel-subscription';

const styles = {
  banner: css({
    p: '4',
    borderRadius: 'lg',
    borderWidth: '1px',
    display: 'grid',
    gap: '2',
    bg: 'yellow.50',
    borderColor: 'yellow.600',
  }),
  title: css({ fontWeight: 'bold', fontFamily: 'heading', fontSize: 'lg' }),
};

type CoolingOffBannerProps = { days: number; deadline: string; subscriptionId: string; onCancelled: () => void };

/** Days left to cancel, and 'Cancel subscription' behind a question. */
export function CoolingOffBanner({ days, deadline, subscriptionId, onCancelled }: CoolingOffBannerProps) {
  const [asking, setAsking] = useState(false);
  const { cancel, busy } = useCancelSubscription();

  async function confirm() {
    const cancelled = await cancel(subscriptionId);
    setAsking(false);
    if (cancelled) onCancelled();
  }

  return (
    <div className={styles.banner}>
      <p className={styles.title}>
        Cooling-off period: {days} {days === 1 ? 'day' : 'days'} remaining
      </p>
      <p>You may cancel this subscription until {formatLongDate(deadline)}.</p>
      <div>
        <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
          Cancel subscription
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel your subscription?"
        description="Your share subscription will be cancelled. This cannot be undone."
        cancelLabel="Keep my subscription"
        confirmLabel="Cancel subscription"
        destructive
        busy={busy}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
