import { useState } from 'react';
import { css } from 'styled-system/css';
import { formatShortDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { AnswersView } from './answers-view';
import { ASSESSMENT_STEPS } from './assessment';
import type { CreatedAssessment } from './api/list-created-assessments';
import type { ServerQuery } from '../../lib/use-server-query';

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
};

/** 'Your assessments': each link's agency, contact, dates, status and progress, and its answers. */
export function CreatedAssessments({ created }: { created: ServerQuery<CreatedAssessment[]> }) {
  const [open, setOpen] = useState<string | null>(null);
  const rows = created.data ?? [];
  return (
    <section className={styles.list} aria-label="Your assessments">
      <h2 className={styles.heading}>Your assessments</h2>
      {created.loading ? <p className={styles.status}>Loading...</p> : null}
      {created.error ? <p role="alert">Could not load your assessments: {created.error}</p> : null}
      {!created.loading && rows.length === 0 ? <p>No assessments yet.</p> : null}
      {rows.map((row) => (
        <article key={row.id} className={styles.row} aria-label={row.agency_name ?? 'Assessment'}>
          <dl className={styles.facts}>
            <div>
              <dt>Agency</dt>
              <dd>{row.agency_name ?? '—'}</dd>
            </div>
            <div>
              <dt>Contact</dt>
              <dd>{row.main_contact_name ?? row.main_contact_email ?? '—'}</dd>
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
          <div>
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
