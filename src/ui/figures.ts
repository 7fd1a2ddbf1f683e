import { styled } from 'styled-system/jsx';

/** Label–value pairs in two columns (a <dl>): shares and total, subscription details. */
export const Figures = styled('dl', {
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: '2',
    columnGap: '6',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold', overflowWrap: 'anywhere' },
  },
});
