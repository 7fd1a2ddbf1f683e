import { useCallback, useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { css } from 'styled-system/css';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { useSubscriptions } from '../../data/subscriptions';
import { isAssessmentUnlocked, LOCKED_MESSAGE } from '../../lib/shareholding';
import { useUserData } from '../../data/user-data';
import { copyToClipboard } from '../../lib/clipboard';
import { isOnline, needsConnection } from '../../lib/online';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';
import { Button, buttonRecipe } from '../../ui/button';
import { Card, CardDescription, CardTitle } from '../../ui/card';
import { TextField } from '../../ui/field';
import { PageContainer } from '../../ui/page-container';
import { AnswersView } from './answers-view';
import { ASSESSMENT_STEPS, assessmentUrl, newToken } from './assessment';

export const linkSchema = v.object({
  agencyName: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  contactEmail: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.email('Please enter a valid email address.')),
});

const styles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start', maxW: '60rem' }),
  title: css({ fontFamily: 'heading', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' }),
  card: css({ display: 'grid', gap: '4' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'end' }),
  url: css({ display: 'flex', gap: '2', alignItems: 'end', '& > :first-child': { flex: '1' } }),
  list: css({ display: 'grid', gap: '3' }),
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
    gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(6, auto)' },
    gap: '3',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold', overflowWrap: 'anywhere' },
  }),
  status: css({ p: '8', textAlign: 'center', color: 'fg.muted' }),
};

const date = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))
    : '—';

/** The links this user created, newest first (the creator may read them: RLS). Online data. */
function useCreatedAssessments(userId: string) {
  const [state, setState] = useState<{ loading: boolean; rows: AgentAssessmentDoc[]; error: string | null }>({
    loading: true,
    rows: [],
    error: null,
  });
  const load = useCallback(async () => {
    const { data, error } = await supabase
      .from('agent_assessments')
      .select('*')
      .eq('created_by', userId)
      .eq('_deleted', false)
      .order('created_at', { ascending: false });
    setState({ loading: false, rows: (data ?? []) as unknown as AgentAssessmentDoc[], error: error?.message ?? null });
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { ...state, reload: load };
}

/** /create-assessment: shareholders whose payment is received and shares issued make links. */
export function CreateAssessmentPage({ userId }: { userId: string }) {
  const view = useSubscriptions(useUserData());
  if (view.loading) {
    return (
      <p role="status" className={styles.status}>
        Loading...
      </p>
    );
  }
  if (!isAssessmentUnlocked(view.statuses)) {
    return (
      <PageContainer>
        <Card className={css({ display: 'grid', gap: '4', justifyItems: 'start', maxW: '36rem', mx: 'auto' })}>
          <CardTitle>Agent Assessment</CardTitle>
          <CardDescription>{LOCKED_MESSAGE}</CardDescription>
          {view.signed ? (
            <Link to="/shareholder/dashboard" className={buttonRecipe()}>
              Go to your shareholder dashboard
            </Link>
          ) : (
            <Link to="/shareholder" className={buttonRecipe()}>
              Become a shareholder
            </Link>
          )}
        </Card>
      </PageContainer>
    );
  }
  return <CreateAssessment userId={userId} />;
}

function CreateAssessment({ userId }: { userId: string }) {
  const created = useCreatedAssessments(userId);
  const [url, setUrl] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { agencyName: '', contactEmail: '' },
    onSubmit: async ({ value }) => {
      if (!value.agencyName.trim() || !value.contactEmail.trim()) {
        toast.error('Missing Information', 'Please provide agency name and contact email.');
        return;
      }
      const parsed = v.safeParse(linkSchema, value);
      if (!parsed.success) {
        toast.error('Error', parsed.issues[0].message);
        return;
      }
      if (!isOnline()) {
        toast.error('Error', needsConnection('Creating an assessment link'));
        return;
      }
      const token = newToken();
      // Expiry (30 days) is set by the server; the insert policy checks the shareholder rule.
      const { error } = await supabase.from('agent_assessments').insert({
        token,
        agency_name: parsed.output.agencyName,
        main_contact_email: parsed.output.contactEmail,
        status: 'pending',
      });
      if (error) {
        console.error(error);
        toast.error('Error', 'Failed to create assessment. Please try again.');
        return;
      }
      setUrl(assessmentUrl(window.location.origin, token));
      toast.success('Assessment Created!', 'Assessment token has been generated successfully.');
      form.reset();
      void created.reload();
    },
  });

  return (
    <PageContainer className={styles.page}>
      <h1 className={styles.title}>Create Assessment</h1>
      <Card className={styles.card}>
        <CardDescription>
          Make a private link for an estate agency. It works for 30 days and needs no account.
        </CardDescription>
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <form.Field name="agencyName">
            {(field) => (
              <TextField
                label="Agency Name"
                name="agencyName"
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
              />
            )}
          </form.Field>
          <form.Field name="contactEmail">
            {(field) => (
              <TextField
                label="Contact Email"
                name="contactEmail"
                type="email"
                value={field.state.value}
                onChange={(e) => field.handleChange(e.target.value)}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(s) => s.isSubmitting}>
            {(busy) => (
              <Button type="submit" busy={busy}>
                Create Assessment
              </Button>
            )}
          </form.Subscribe>
        </form>
        {url ? (
          <div className={styles.url}>
            <TextField label="Assessment URL" name="assessmentUrl" value={url} readOnly />
            <Button type="button" variant="secondary" onClick={() => void copyToClipboard('Assessment URL', url)}>
              Copy
            </Button>
          </div>
        ) : null}
      </Card>

      <section className={styles.list} aria-label="Your assessments">
        <h2 className={css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' })}>Your assessments</h2>
        {created.loading ? <p className={styles.status}>Loading...</p> : null}
        {created.error ? <p role="alert">Could not load your assessments: {created.error}</p> : null}
        {!created.loading && created.rows.length === 0 ? <p>No assessments yet.</p> : null}
        {created.rows.map((row) => (
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
                <dd>{date(row.created_at)}</dd>
              </div>
              <div>
                <dt>Expires</dt>
                <dd>{date(row.expires_at)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{row.status === 'completed' ? 'Completed' : 'Pending'}</dd>
              </div>
              <div>
                <dt>Progress</dt>
                <dd>
                  Step {row.last_step ?? 1} of {ASSESSMENT_STEPS.length}
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
    </PageContainer>
  );
}
