import { css } from 'styled-system/css';

/** The look shared by the locked page and the unlocked one. */
export const normanStyles = {
  page: css({ display: 'grid', gap: { base: '6', md: '8' }, alignContent: 'start' }),
  hero: css({ display: 'grid', gap: '2', textAlign: 'center', justifyItems: 'center' }),
  title: css({
    fontFamily: 'heading',
    fontSize: { base: '3xl', md: '5xl' },
    fontWeight: 'bold',
    color: 'brand.800',
    _focus: { outline: 'none' },
  }),
  subtitle: css({ fontSize: { base: 'md', md: 'xl' }, color: 'fg.muted', maxW: '40rem' }),
  cardTitle: css({ fontFamily: 'heading', fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', mb: '3' }),
};
