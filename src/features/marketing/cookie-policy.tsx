import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { COMPANY } from '../../lib/company';

export const COOKIE_POLICY_UPDATED = 'June 20, 2025';

const styles = {
  policy: css({ display: 'grid', gap: '5', fontSize: 'sm', color: 'fg.muted', maxW: '48rem' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg', mb: '1' }),
  list: css({ listStyle: 'disc', pl: '5', display: 'grid', gap: '1', mt: '2' }),
  link: css({ color: 'primary.text', textDecoration: 'underline', _hover: { color: 'primary.hover' } }),
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className={styles.heading}>{title}</h3>
      {children}
    </section>
  );
}

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** What cookies are, whose they are, and why they are used. */
function WhatCookiesAre() {
  return (
    <>
      <Section title="What are cookies?">
        <p>
          Cookies are small data files that are placed on your computer or mobile device when you visit a website.
          Website owners use them to make their websites work, or work more efficiently, and to provide reporting
          information. Similar technologies, such as your browser's local storage, let an app remember things on your
          device in the same way.
        </p>
      </Section>

      <Section title="First-party and third-party cookies">
        <p>
          Cookies set by the website owner (in this case, {COMPANY.productName}) are called first-party cookies. Cookies
          set by parties other than the website owner are called third-party cookies. Third-party cookies enable
          third-party features or functionality to be provided on or through the website, such as interactive content,
          analytics and advertising. The parties that set these third-party cookies can recognise your device both when
          it visits our website and when it visits certain other websites.
        </p>
      </Section>

      <Section title="Why do we use cookies?">
        <p>
          Some cookies are required for technical reasons: without them our website and app cannot work, for example to
          keep you signed in, to remember your choices and to let you keep working offline. We call these essential
          cookies. Other cookies help us understand how our services are used so that we can improve them, and some are
          used to show advertising that is more relevant to you.
        </p>
      </Section>
    </>
  );
}

/** How to accept, refuse or delete cookies, and to opt out of targeted advertising. */
function ControllingCookies() {
  return (
    <>
      <Section title="How can I control cookies?">
        <p>
          You have the right to decide whether to accept or reject cookies. You can set your preferences in our Cookie
          Consent Manager, which lets you choose which categories of cookies you accept or reject. Essential cookies
          cannot be rejected, as they are strictly necessary to provide you with our services. If you reject other
          cookies, you may still use our website and app, though some features may be limited.
        </p>
      </Section>

      <Section title="How can I control cookies in my browser?">
        <p>
          You can also set or change your browser controls to accept or refuse cookies, and delete the cookies already
          stored. As the means differ from browser to browser, visit your browser's help pages for details:
        </p>
        <ul className={styles.list}>
          <li>
            <External href="https://support.google.com/chrome/answer/95647">Chrome</External>
          </li>
          <li>
            <External href="https://support.mozilla.org/en-US/kb/enhanced-tracking-protection-firefox-desktop">
              Firefox
            </External>
          </li>
          <li>
            <External href="https://support.apple.com/en-gb/guide/safari/sfri11471/mac">Safari</External>
          </li>
          <li>
            <External href="https://support.microsoft.com/en-gb/windows/delete-and-manage-cookies-168dab11-0753-043d-7c16-ede5947fc64d">
              Edge
            </External>
          </li>
        </ul>
      </Section>

      <Section title="Opting out of interest-based advertising">
        <p>
          Most advertising networks offer you a way to opt out of targeted advertising. For more information, visit the
          opt-out pages of these advertising alliances:
        </p>
        <ul className={styles.list}>
          <li>
            <External href="https://optout.aboutads.info/">Digital Advertising Alliance</External>
          </li>
          <li>
            <External href="https://youradchoices.ca/">Digital Advertising Alliance of Canada</External>
          </li>
          <li>
            <External href="https://www.youronlinechoices.eu/">
              European Interactive Digital Advertising Alliance
            </External>
          </li>
        </ul>
      </Section>
    </>
  );
}

/** Web beacons, Flash cookies and the advertising third parties serve. */
function OtherTracking() {
  return (
    <>
      <Section title="What about other tracking technologies, like web beacons?">
        <p>
          Cookies are not the only way to recognise or track visitors. We may from time to time use other, similar
          technologies such as web beacons (sometimes called tracking pixels or clear gifs). These are tiny graphics
          files containing a unique identifier that let us recognise when someone has visited our website or opened an
          email from us. They often depend on cookies to work properly, so declining cookies will impair their
          functioning.
        </p>
      </Section>

      <Section title="Do you use Flash cookies or Local Shared Objects?">
        <p>
          Websites may also use so-called Flash cookies (also known as Local Shared Objects) to collect and store
          information about your use of their services, for fraud prevention and other site operations. If you do not
          want Flash cookies stored on your computer, you can adjust the settings of your Flash player or use a tool
          built for deleting them. Limiting Flash cookies may reduce or impede the functionality of some applications.
        </p>
      </Section>

      <Section title="Do you serve targeted advertising?">
        <p>
          Third parties may serve cookies on your computer or mobile device to serve advertising through our website.
          These companies may use information about your visits to this and other websites in order to provide relevant
          advertisements about goods and services that you may be interested in, and to measure how effective those
          advertisements are. The information collected this way does not enable us or them to identify your name,
          contact details or other details that directly identify you, unless you choose to provide them.
        </p>
      </Section>
    </>
  );
}

/** When the policy changes, and whom to ask. */
function PolicyUpdates() {
  return (
    <>
      <Section title="How often will you update this Cookie Policy?">
        <p>
          We may update this Cookie Policy from time to time to reflect changes to the cookies we use or for other
          operational, legal or regulatory reasons. Please revisit it regularly to stay informed about our use of
          cookies and related technologies. The date below tells you when it was last updated.
        </p>
        <p className={css({ mt: '2', fontWeight: 'medium', color: 'fg' })}>Last updated {COOKIE_POLICY_UPDATED}.</p>
      </Section>

      <Section title="Where can I get further information?">
        <p>
          If you have any questions about our use of cookies or other technologies, please email us at{' '}
          <a className={styles.link} href={`mailto:${COMPANY.contactEmail}`}>
            {COMPANY.contactEmail}
          </a>
          .
        </p>
      </Section>
    </>
  );
}

/** The full cookie policy (docs/product/marketing.md#footer). */
export function CookiePolicy() {
  return (
    <article className={styles.policy} aria-label="Cookie Policy">
      <p>
        This Cookie Policy explains how {COMPANY.productName} uses cookies and similar technologies to recognise you
        when you visit our website and use our app. It explains what these technologies are, why we use them, and your
        rights to control our use of them.
      </p>

      <WhatCookiesAre />
      <ControllingCookies />
      <OtherTracking />
      <PolicyUpdates />
    </article>
  );
}
