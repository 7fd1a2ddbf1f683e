import { css, cva } from 'styled-system/css';
import { formatUkPhone, telHref } from '../../../lib/phone';
import { PhoneIcon } from './demo-icons';

const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'full',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    transition: 'background 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
  variants: {
    size: {
      // In the header, beside 'Back to Home'.
      compact: {
        h: '10',
        px: { base: '3', md: '4' },
        gap: { base: '1.5', md: '2' },
        fontSize: 'sm',
        bg: 'bg.surface',
        color: 'primary.text',
        borderWidth: '1px',
        borderColor: 'brand.200',
        _hover: { bg: 'primary.subtle' },
      },
      // The hero's phone-call button.
      large: {
        h: '12',
        px: '6',
        fontSize: { base: 'md', md: 'lg' },
        bg: 'primary',
        color: 'fg.onBrand',
        boxShadow: 'md',
        _hover: { bg: 'primary.hover' },
      },
    },
  },
  defaultVariants: { size: 'compact' },
});

type PhoneBadgeProps = {
  /** National digits ('02079460211'). */
  phone: string;
  /** The assistant who answers: 'Call Sarah directly'. */
  assistant: string;
  size?: 'compact' | 'large';
};

/**
 * The phone badge (docs/product/marketing.md#phone-badge): a tel link showing the number in groups,
 * with the tooltip 'Call {assistant} directly'. The tooltip is also in the accessible name (a title
 * alone is not reliably read), after which the visible number follows so speech input can say what
 * it sees.
 */
export function PhoneBadge({ phone, assistant, size }: PhoneBadgeProps) {
  const tooltip = `Call ${assistant} directly`;
  const number = formatUkPhone(phone);
  return (
    <a href={telHref(phone)} title={tooltip} aria-label={`${tooltip}: ${number}`} className={badge({ size })}>
      <PhoneIcon className={css({ w: size === 'large' ? '5' : '4', h: size === 'large' ? '5' : '4' })} />
      {number}
    </a>
  );
}
