import { css } from 'styled-system/css';
import { PageContainer } from '../../ui/page-container';

type DashboardPageProps = { email: string | undefined };

/** The email assistant dashboard; its tabs (integrations, settings, activity logs) come later. */
export function DashboardPage({ email }: DashboardPageProps) {
  return (
    <PageContainer className={css({ display: 'grid', gap: '6', alignContent: 'start' })}>
      <header
        className={css({
          display: 'flex',
          flexDirection: { base: 'column', md: 'row' },
          alignItems: { base: 'flex-start', md: 'center' },
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <div>
          <h1 className={css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            Email Assistant Dashboard
          </h1>
          {email ? <p className={css({ color: 'fg.muted' })}>Signed in as {email}</p> : null}
        </div>
      </header>
    </PageContainer>
  );
}
