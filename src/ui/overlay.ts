import { css, cva } from 'styled-system/css';

// The frame every modal and popover shares: the dimmed backdrop, where the dialog sits, and the
// small × in a corner. Colours are each caller's (a toast is not a popover).

export const dialogBackdrop = css({ position: 'fixed', inset: '0', zIndex: 'overlay', bg: 'black/50' });

export const dialogPositioner = cva({
  base: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', justifyContent: 'center', p: '4' },
  variants: {
    /** 'sheet': from the bottom edge on phones, centred from sm up; 'center': centred everywhere. */
    placement: {
      sheet: { alignItems: { base: 'flex-end', sm: 'center' } },
      center: { alignItems: 'center' },
    },
  },
  defaultVariants: { placement: 'center' },
});

/** The corner × of a dialog, popover or toast (add its colour and hover). */
export const closeButton = css({
  position: 'absolute',
  top: '2',
  right: '2',
  w: '7',
  h: '7',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'md',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing' },
});
