import { styled } from 'styled-system/jsx';

export const Card = styled('section', {
  base: {
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    boxShadow: 'md',
    p: { base: '5', md: '8' },
  },
});

export const CardTitle = styled('h1', {
  base: { fontFamily: 'heading', fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: 'tight' },
});

export const CardDescription = styled('p', {
  base: { color: 'fg.muted', fontSize: 'sm', mt: '1' },
});
