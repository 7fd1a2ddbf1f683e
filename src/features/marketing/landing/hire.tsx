import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { ButtonLink } from '../../../ui/button';
import { CLOSING, HIRE } from '../landing-content';
import { LandingSection } from './section';

const styles = {
  body: css({ display: 'grid', gap: '5', justifyItems: 'center', textAlign: 'center' }),
  // A long label wraps on a narrow phone instead of widening the page.
  button: css({ whiteSpace: 'normal', textAlign: 'center', h: 'auto', minH: '12', py: '2' }),
  more: css({
    color: 'primary.text',
    fontWeight: 'medium',
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    _hover: { color: 'primary.hover' },
  }),
  closing: css({ display: 'grid', gap: '2', color: 'fg.muted', maxW: '42rem' }),
};

/** The call to hire Chloe, then the invitations to share the demo and to invest. */
export function Hire() {
  return (
    <LandingSection id="landing-hire" title={HIRE.title} intro={HIRE.text}>
      <div className={styles.body}>
        <ButtonLink to={HIRE.href} size="lg" className={styles.button}>
          {HIRE.button}
        </ButtonLink>
        <Link to={HIRE.moreHref} className={styles.more}>
          {HIRE.more}
        </Link>
        <div className={styles.closing}>
          <p>{CLOSING.share}</p>
          <p>{CLOSING.invest}</p>
        </div>
      </div>
    </LandingSection>
  );
}
