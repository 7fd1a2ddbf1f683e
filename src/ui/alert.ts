import { css } from 'styled-system/css';

/**
 * A problem said in words above a form (role="alert"): the pale red box. danger.hover (red 700)
 * on danger.subtle reads at AA; red 600 would not (4.4:1).
 */
export const alertBox = css({
  color: 'danger.hover',
  bg: 'danger.subtle',
  borderWidth: '1px',
  borderColor: 'danger.border',
  borderRadius: 'md',
  p: '3',
  fontSize: 'sm',
  overflowWrap: 'anywhere',
});

/**
 * A problem with actions (what was lost, what was refused): the same pale red box, its text in
 * the page's colour, its parts on a grid. `alertBox` is for one sentence.
 */
export const problemPanel = css({
  display: 'grid',
  gap: '2',
  p: '3',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'danger.border',
  bg: 'danger.subtle',
  fontSize: 'sm',
  overflowWrap: 'anywhere',
});
