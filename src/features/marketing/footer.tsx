import { Collapsible } from '@ark-ui/react';
import { css } from 'styled-system/css';
import { COMPANY } from '../../lib/company';
import { CookiePolicy } from './cookie-policy';

const styles = {
  footer: css({
    borderTopWidth: '1px',
    borderColor: 'border',
    bg: 'bg.surface',
    px: { base: '4', md: '8' },
    py: '6',
    fontSize: 'sm',
    color: 'fg.muted',
  }),
  inner: css({ maxW: '64rem', mx: 'auto', display: 'grid', gap: '4' }),
  trigger: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    fontWeight: 'medium',
    color: 'fg',
    cursor: 'pointer',
    borderRadius: 'sm',
    _hover: { color: 'primary.text' },
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  indicator: css({ transition: 'rotate 0.2s', _open: { rotate: '180deg' } }),
  content: css({ pt: '4' }),
  legal: css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: { base: '1', md: '4' } }),
};

/** The footer of every page: cookie policy toggle, copyright and registration lines. */
export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Collapsible.Root>
          <Collapsible.Trigger className={styles.trigger}>
            Cookie Policy
            <Collapsible.Indicator className={styles.indicator} aria-hidden="true">
              ▾
            </Collapsible.Indicator>
          </Collapsible.Trigger>
          <Collapsible.Content className={styles.content}>
            <CookiePolicy />
          </Collapsible.Content>
        </Collapsible.Root>
        <div className={styles.legal}>
          <p>
            © {new Date().getFullYear()} {COMPANY.productName}. All rights reserved.
          </p>
          <p>{COMPANY.registration}</p>
        </div>
      </div>
    </footer>
  );
}
