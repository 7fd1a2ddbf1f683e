import { styled } from 'styled-system/jsx';

/** The main landmark of a page; grows so the footer sits at the bottom of short pages. */
export const PageContainer = styled('main', {
  base: {
    flex: '1',
    w: 'full',
    mx: 'auto',
    px: { base: '4', md: '8' },
    py: { base: '6', md: '12' },
  },
  variants: {
    width: {
      narrow: { maxW: '28rem' },
      default: { maxW: '64rem' },
    },
  },
  defaultVariants: { width: 'default' },
});
