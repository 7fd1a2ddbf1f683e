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
