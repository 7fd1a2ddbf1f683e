import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { PageContainer } from '../../ui/page-container';

type HomePageProps = {
  /** The signed-in header, when there is a user. */
  header?: ReactNode;
  /** The call to action for signed-out visitors. */
  action?: ReactNode;
};

/** A small home page until the full landing page exists. */
export function HomePage({ header, action }: HomePageProps) {
  return (
    <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', bgGradient: 'brand' })}>
      {header}
      <PageContainer
        className={css({
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: '6',
          textAlign: 'center',
        })}
      >
        <h1
          className={css({
            fontFamily: 'heading',
            fontSize: { base: '4xl', md: '6xl' },
            fontWeight: 'bold',
            color: 'brand.800',
          })}
        >
          Chloe
        </h1>
        <p className={css({ fontSize: { base: 'lg', md: 'xl' }, color: 'fg.muted', maxW: '40rem', mx: 'auto' })}>
          Your AI property assistant, helping movers, estate agents, lawyers and mortgage brokers from property search
          to moved.
        </p>
        {action ? <div>{action}</div> : null}
      </PageContainer>
    </div>
  );
}
