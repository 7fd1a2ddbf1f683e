import { Fragment, useState } from 'react';
import { css } from 'styled-system/css';
import type { KeptQuery } from '../../data/kept-query';
import { copyToClipboard } from '../../lib/clipboard';
import { formatShortDate } from '../../lib/format';
import { needsConnection, useOnline } from '../../lib/online';
import { Button } from '../../ui/button';
import { KeptNote } from '../../ui/kept-note';
import { AnswersView } from './answers-view';
import { ASSESSMENT_STEPS, assessmentUrl } from './assessment';
import type { CreatedAssessment } from './api/list-created-assessments';

const styles = {
  list: css({ display: 'grid', gap: '3' }),
  heading: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  row: css({
    bg: 'bg.surface',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    p: '4',
    display: 'grid',
    gap: '3',
  }),
  facts: css({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, auto))' },
    gap: '3',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold', overflowWrap: 'anywhere', lineClamp: '3' },
  }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
  // An address breaks after its @ and before a dot, where a reader expects it, not mid-word.
  email: css({ overflowWrap: 'break-word', wordBreak: 'normal' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
};

/** `race@estates.example` with a break opportunity after the @ and before each dot. */
function Email({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className={styles.email}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** 'Your assessments': each link's agency, contact, dates, status and progress, and its answers. */
export function CreatedAssessments({ created }: { created: KeptQuery<CreatedAssessment[]> }) {
  const [open, setOpen] = useState<string | null>(null);
  const online = useOnline();
  const rows = created.data ?? [];
  // Said only when known: a list that could not be read is not an empty one.
  const known = created.data !== undefined;
  return (
    <section className={styles.list} aria-label="Your assessments">
      <h2 className={styles.heading}>Your assessments</h2>
      <KeptNote query={created} online={online} what="assessments" />
      {created.loading && !known ? <p className={styles.status}>Loading...</p> : null}
      {!known && !online ? <p role="status">{needsConnection('Loading your assessments')}</p> : null}
      {!known && online && created.error ? <p role="alert">Could not load your assessments: {created.error}</p> : null}
      {known && rows.length === 0 ? <p>No assessments yet.</p> : null}
      {rows.map((row) => (
        <article key={row.id} className={styles.row} aria-label={row.agency_name ?? 'Assessment'}>
          <dl className={styles.facts}>
            <div>
              <dt>Agency</dt>
              <dd>{row.agency_name ?? '—'}</dd>
            </div>
            <div>
              <dt>Contact</dt>
              <dd>
                {row.main_contact_name ?? (row.main_contact_email ? <Email address={row.main_contact_email} /> : '—')}
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatShortDate(row.created_at)}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{formatShortDate(row.expires_at)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{row.status === 'completed' ? 'Completed' : 'Pending'}</dd>
            </div>
            <div>
              <dt>Progress</dt>
              <dd>
                Step {row.last_step} of {ASSESSMENT_STEPS.length}
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => void copyToClipboard('Assessment URL', assessmentUrl(window.location.origin, row.token))}
            >
              Copy link
            </Button>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-expanded={open === row.id}
              onClick={() => setOpen(open === row.id ? null : row.id)}
            >
              Analytics: View responses
            </Button>
          </div>
          {open === row.id ? <AnswersView answers={row} /> : null}
        </article>
      ))}
    </section>
  );
}
