import { css, cx } from 'styled-system/css';
import { buttonRecipe } from '../../../ui/button';
import { CLOSING, HIRE } from '../landing-content';
import { LandingSection } from './section';

const styles = {
  body: css({ display: 'grid', gap: '5', justifyItems: 'center', textAlign: 'center' }),
  // A long label wraps on a narrow phone instead of widening the page.
  button: css({ whiteSpace: 'normal', textAlign: 'center', h: 'auto', minH: '12', py: '2' }),
  closing: css({ display: 'grid', gap: '2', color: 'fg.muted', maxW: '42rem' }),
};

/** The call to hire Chloe, then the invitations to share the demo and to invest. */
export function Hire() {
  return (
    <LandingSection id="landing-hire" title={HIRE.title} intro={HIRE.text}>
      <div className={styles.body}>
        {/* A plain link: /professional-signup is not a route of this app yet, so the typed Link refuses it. */}
        <a href={HIRE.href} className={cx(buttonRecipe({ size: 'lg' }), styles.button)}>
          {HIRE.button}
        </a>
        <div className={styles.closing}>
          <p>{CLOSING.share}</p>
          <p>{CLOSING.invest}</p>
        </div>
      </div>
    </LandingSection>
  );
}
