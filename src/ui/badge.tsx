import type { ReactNode } from 'react';
import { cva } from 'styled-system/css';

const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1.4',
    whiteSpace: 'nowrap',
  },
  variants: {
    // Each text colour is 4.5:1 or more on its background.
    tone: {
      success: { bg: 'success.subtle', borderColor: 'success.border', color: 'success.text' },
      danger: { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.hover' },
      warning: { bg: 'warning.subtle', borderColor: 'warning.border', color: 'warning.text' },
      neutral: { bg: 'bg.muted', borderColor: 'border.strong', color: 'fg.muted' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral';

/** A short status in a coloured pill; the words carry the meaning, the colour repeats it. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={badge({ tone })}>{children}</span>;
}
