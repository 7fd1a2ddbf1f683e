import { useRef, useState } from 'react';
import { Collapsible } from '@ark-ui/react';
import { css, cx } from 'styled-system/css';
import { CHLOE_PHONE } from '../../../lib/company';
import { formatUkPhone, telHref } from '../../../lib/phone';
import { buttonRecipe, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { PageContainer } from '../../../ui/page-container';
import { DemoRequestForm } from '../demo-request/demo-request-form';
import type { DemoRequestRestore } from '../demo-request/use-demo-request-form';
import { QueuedDemoRequests, restoreFrom } from '../demo-request/queued-requests';
import { HIRE_FEATURES, HIRE_PAGE } from './hire-content';

const styles = {
  page: css({ display: 'grid', gap: { base: '6', md: '8' }, alignContent: 'start' }),
  top: css({ display: 'flex' }),
  hero: css({ display: 'grid', gap: '3', textAlign: 'center', justifyItems: 'center' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '3xl', md: '5xl' }, fontWeight: 'bold', color: 'brand.800' }),
  intro: css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', maxW: '42rem' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center', mt: '2' }),
  // Long labels wrap on a narrow phone instead of widening the page.
  action: css({ whiteSpace: 'normal', textAlign: 'center', h: 'auto', minH: '12', py: '2' }),
  formArea: css({ display: 'grid', gap: '4', maxW: '44rem', w: 'full', mx: 'auto' }),
  formTitle: css({ fontFamily: 'heading', fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', mb: '4' }),
  sectionTitle: css({ fontFamily: 'heading', fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', mb: '4' }),
  table: css({
    w: 'full',
    tableLayout: 'fixed',
    borderCollapse: 'collapse',
    bg: 'bg.surface',
    borderRadius: 'lg',
    overflow: 'hidden',
    fontSize: { base: 'sm', md: 'md' },
    '& th, & td': {
      textAlign: 'left',
      verticalAlign: 'top',
      px: { base: '3', md: '4' },
      py: '3',
      borderBottomWidth: '1px',
      borderColor: 'border',
      overflowWrap: 'anywhere',
    },
    '& thead th': { bg: 'brand.800', color: 'white', fontWeight: 'semibold' },
    '& tbody th': { fontWeight: 'semibold', color: 'fg' },
  }),
  categoryColumn: css({ w: { base: '38%', md: '30%' } }),
};

/** What Chloe does, feature by feature, as a table. */
function HireFeatures() {
  return (
    <section aria-labelledby="hire-features">
      <h2 id="hire-features" className={styles.sectionTitle}>
        {HIRE_PAGE.featuresTitle}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.categoryColumn}>
              Category
            </th>
            <th scope="col">Feature</th>
          </tr>
        </thead>
        <tbody>
          {HIRE_FEATURES.map(({ category, feature }) => (
            <tr key={feature}>
              <th scope="row">{category}</th>
              <td>{feature}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The Hire page (docs/product/marketing.md#hire-page): ask for a demo inline, call Chloe, and what
 * Chloe does, feature by feature.
 */
export function HirePage() {
  const [open, setOpen] = useState(false);
  const [restore, setRestore] = useState<{ key: string; value: DemoRequestRestore } | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const phone = formatUkPhone(CHLOE_PHONE);

  const collapse = () => {
    setOpen(false);
    // The focused button is about to be hidden: the reader continues from the one that opens it.
    trigger.current?.focus();
  };

  return (
    <PageContainer className={styles.page}>
      <div className={styles.top}>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} className={styles.page}>
        <header className={styles.hero}>
          <h1 className={styles.title}>{HIRE_PAGE.title}</h1>
          <p className={styles.intro}>{HIRE_PAGE.intro}</p>
          <div className={styles.actions}>
            <Collapsible.Trigger ref={trigger} className={cx(buttonRecipe({ size: 'lg' }), styles.action)}>
              {HIRE_PAGE.requestDemo}
            </Collapsible.Trigger>
            <a
              href={telHref(CHLOE_PHONE)}
              title="Call Chloe directly"
              className={cx(buttonRecipe({ size: 'lg', variant: 'secondary' }), styles.action)}
            >
              Call Chloe on {phone}
            </a>
          </div>
        </header>
        <div className={styles.formArea}>
          <QueuedDemoRequests
            onPutBack={(entry) => {
              setRestore({ key: entry.id, value: restoreFrom(entry) });
              setOpen(true);
            }}
          />
          <Collapsible.Content>
            <Card aria-labelledby="hire-demo-form">
              <h2 id="hire-demo-form" className={styles.formTitle}>
                Request a demo
              </h2>
              <DemoRequestForm
                key={restore?.key ?? 'new'}
                restore={restore?.value}
                cancelLabel="Cancel"
                onCancel={collapse}
                onDone={collapse}
              />
            </Card>
          </Collapsible.Content>
        </div>
      </Collapsible.Root>
      <HireFeatures />
    </PageContainer>
  );
}
