import type { ReactNode } from 'react';
import { Collapsible } from '@ark-ui/react';
import { css, cx } from 'styled-system/css';

const styles = {
  root: css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', overflow: 'hidden' }),
  trigger: css({
    w: 'full',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '4', md: '6' },
    py: '4',
    textAlign: 'left',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  }),
  title: css({
    fontFamily: 'heading',
    fontWeight: 'bold',
    fontSize: 'lg',
    display: 'flex',
    alignItems: 'center',
    gap: '2',
  }),
  heading: css({ display: 'grid', gap: '0.5', minW: '0' }),
  // The one line a closed section says about itself; open, its content says it.
  summary: css({
    fontSize: 'sm',
    color: 'fg.muted',
    '[data-part=trigger][data-state=open] > * > &': { display: 'none' },
  }),
  indicator: css({ transition: 'rotate 0.2s', flexShrink: '0', _open: { rotate: '180deg' } }),
  content: css({ px: { base: '4', md: '6' }, pb: '5', display: 'grid', gap: '3' }),
};

type CollapsibleSectionProps = {
  title: ReactNode;
  /** One line under the title while the section is closed. */
  summary?: ReactNode;
  children: ReactNode;
  defaultOpen?: boolean;
  className?: string;
};

/** A titled section that opens and closes on its own (Ark UI Collapsible). */
export function CollapsibleSection({
  title,
  summary,
  children,
  defaultOpen = false,
  className,
}: CollapsibleSectionProps) {
  return (
    <Collapsible.Root defaultOpen={defaultOpen} className={cx(styles.root, className)}>
      <Collapsible.Trigger className={styles.trigger}>
        <span className={styles.heading}>
          <span className={styles.title}>{title}</span>
          {summary ? <span className={styles.summary}>{summary}</span> : null}
        </span>
        <Collapsible.Indicator className={styles.indicator} aria-hidden="true">
          ▾
        </Collapsible.Indicator>
      </Collapsible.Trigger>
      <Collapsible.Content className={styles.content}>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
