import { css } from 'styled-system/css';
import { CHANNELS } from '../landing-content';
import { LandingSection, subheading } from './section';

const styles = {
  // One column on phones, three from md, all five in a row from lg; a short last row is centred.
  grid: css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4' }),
  tile: css({
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: '4',
    display: 'grid',
    alignContent: 'start',
    gap: '1',
    textAlign: 'center',
    minW: '0',
    w: { base: 'full', md: 'calc((100% - 2rem) / 3)', lg: 'calc((100% - 4rem) / 5)' },
  }),
  text: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/** Voice, text, email, WhatsApp and browser, and the 32 languages. */
export function Channels() {
  return (
    <LandingSection id="landing-channels" title={CHANNELS.title} intro={CHANNELS.intro}>
      <ul className={styles.grid}>
        {CHANNELS.items.map((channel) => (
          <li key={channel.title} className={styles.tile}>
            <h3 className={subheading}>{channel.title}</h3>
            <p className={styles.text}>{channel.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
