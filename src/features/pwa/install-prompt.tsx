import { useState } from 'react';
import { useStore } from '../../lib/store';
import { css } from 'styled-system/css';
import { Button } from '../../ui/button';
import { useHydrated } from '../../lib/hydrated';
import { installOffer, installPrompt, isIosSafari, isSnoozed, snooze } from './install';

const styles = {
  // Over the page at the bottom, not in its flow: an offer that arrives after the page has painted
  // must not push it down (a layout shift on every first visit).
  bar: css({
    position: 'fixed',
    insetInline: '0',
    bottom: '0',
    zIndex: 'banner',
    boxShadow: 'lg',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '3',
    px: { base: '4', md: '8' },
    py: '2',
    bg: 'primary.subtle',
    borderTopWidth: '1px',
    borderColor: 'brand.200',
    fontSize: 'sm',
  }),
  actions: css({ display: 'flex', gap: '2' }),
};

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** 'Install app' where the browser offers it; the Add to Home Screen hint on iOS Safari. */
export function InstallPrompt() {
  // Browser-only facts (standalone, iOS, a snooze in localStorage): not part of a page's HTML.
  return useHydrated() ? <InstallOffer /> : null;
}

function InstallOffer() {
  const prompt = useStore(installPrompt, null);
  const [dismissed, setDismissed] = useState(() => isSnoozed(localStorage, Date.now()));
  const offer = installOffer({
    standalone: standalone(),
    snoozed: dismissed,
    hasPrompt: prompt !== null,
    iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  });
  if (!offer) return null;

  const notNow = () => {
    snooze(localStorage, Date.now());
    setDismissed(true);
  };
  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    installPrompt.clear(); // a prompt can be shown once
    if (outcome === 'dismissed') notNow();
  };

  return (
    <aside className={styles.bar} aria-label="Install the app">
      {offer === 'prompt' ? (
        <p>Install Chloe on this device for quick access, also offline.</p>
      ) : (
        <p>
          To install Chloe, tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </p>
      )}
      <div className={styles.actions}>
        {offer === 'prompt' ? (
          <Button size="sm" onClick={() => void install()}>
            Install app
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={notNow}>
          Not now
        </Button>
      </div>
    </aside>
  );
}
