import { Toast, Toaster as ArkToaster } from '@ark-ui/react';
import { css, cva, cx } from 'styled-system/css';
import { toaster } from '../lib/toast';
import { closeButton } from './overlay';

const toastRecipe = cva({
  base: {
    // Position, stacking and motion come from the variables Ark sets on each toast.
    translate: 'var(--x) var(--y)',
    scale: 'var(--scale)',
    zIndex: 'var(--z-index)',
    height: 'var(--height)',
    opacity: 'var(--opacity)',
    willChange: 'translate, opacity, scale',
    transition: 'translate 400ms, scale 400ms, opacity 400ms, height 400ms, box-shadow 200ms',
    transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
    _closed: { transition: 'translate 400ms, scale 400ms, opacity 200ms' },
    position: 'relative',
    w: { base: 'calc(100vw - 2rem)', sm: '22rem' },
    p: '4',
    pr: '10',
    borderRadius: 'lg',
    borderWidth: '1px',
    boxShadow: 'lg',
    bg: 'bg.surface',
    borderColor: 'border',
    color: 'fg',
  },
  variants: {
    tone: {
      default: {},
      success: { borderColor: 'success.border', bg: 'success.subtle' },
      // White on red.700 (6.5:1): red.600 gave the description, dimmed, 4.1:1.
      destructive: { borderColor: 'danger.hover', bg: 'danger.hover', color: 'fg.onBrand' },
    },
  },
  defaultVariants: { tone: 'default' },
});

const title = css({ fontWeight: 'semibold', fontSize: 'sm', overflowWrap: 'anywhere' });
const description = css({ fontSize: 'sm', mt: '0.5', overflowWrap: 'anywhere' });
const actionButton = css({
  mt: '3',
  px: '3',
  h: '8',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'semibold',
  bg: 'primary',
  color: 'fg.onBrand',
  cursor: 'pointer',
  _hover: { bg: 'primary.hover' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const close = cx(closeButton, css({ color: 'inherit', opacity: 0.7, _hover: { opacity: 1 } }));

function toneOf(type: string | undefined) {
  if (type === 'error') return 'destructive';
  if (type === 'success') return 'success';
  return 'default';
}

/** Renders the app's toasts (lib/toast). Mount once; Ark provides the live region. */
export function Toaster() {
  return (
    <ArkToaster toaster={toaster}>
      {(t) => (
        <Toast.Root className={toastRecipe({ tone: toneOf(t.type) })}>
          <Toast.Title className={title}>{t.title}</Toast.Title>
          {t.description ? <Toast.Description className={description}>{t.description}</Toast.Description> : null}
          {t.action ? <Toast.ActionTrigger className={actionButton}>{t.action.label}</Toast.ActionTrigger> : null}
          <Toast.CloseTrigger className={close}>
            <span aria-hidden="true">×</span>
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
