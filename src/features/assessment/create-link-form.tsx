import { useRef, useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { copyToClipboard } from '../../lib/clipboard';
import { MAX_CHARS } from '../../lib/limits';
import { Button } from '../../ui/button';
import { Card, CardDescription } from '../../ui/card';
import { TextField } from '../../ui/field';
import { useCreateAssessmentLink, type LinkField } from './api/create-assessment-link';

const styles = {
  card: css({ display: 'grid', gap: '4' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'end' }),
  url: css({ display: 'flex', gap: '2', alignItems: 'end', '& > :first-child': { flex: '1' } }),
};

/** What is wrong with a field, said under it until it is changed; its input, to focus. */
function useFieldProblem() {
  const [problem, setProblem] = useState<{ field: LinkField; message: string } | null>(null);
  const inputs = useRef<Partial<Record<LinkField, HTMLInputElement | null>>>({});
  const errorOf = (field: LinkField) => (problem?.field === field ? problem.message : undefined);
  const change = (field: LinkField, handle: (value: string) => void) => (value: string) => {
    if (problem?.field === field) setProblem(null);
    handle(value);
  };
  return { inputs, setProblem, errorOf, change };
}

/** Agency name and contact email → a private link, shown with a Copy button. */
export function CreateLinkForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateAssessmentLink();
  const [url, setUrl] = useState('');
  const { inputs, setProblem, errorOf, change } = useFieldProblem();
  const form = useForm({
    defaultValues: { agencyName: '', contactEmail: '' },
    onSubmit: async ({ value }) => {
      const created = await create(value);
      if (!created) return;
      if ('field' in created) {
        setProblem(created);
        inputs.current[created.field]?.focus();
        return;
      }
      setProblem(null);
      setUrl(created.url);
      form.reset();
      onCreated();
    },
  });

  return (
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
              maxLength={MAX_CHARS.name}
              ref={(input) => void (inputs.current.agencyName = input)}
              error={errorOf('agencyName')}
              value={field.state.value}
              onChange={(e) => change('agencyName', field.handleChange)(e.target.value)}
            />
          )}
        </form.Field>
        <form.Field name="contactEmail">
          {(field) => (
            <TextField
              label="Contact Email"
              name="contactEmail"
              type="email"
              maxLength={MAX_CHARS.email}
              ref={(input) => void (inputs.current.contactEmail = input)}
              error={errorOf('contactEmail')}
              value={field.state.value}
              onChange={(e) => change('contactEmail', field.handleChange)(e.target.value)}
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
      {url ? <CreatedLink url={url} /> : null}
    </Card>
  );
}

/** The link made, read-only, with a way to copy it. */
function CreatedLink({ url }: { url: string }) {
  return (
    <div className={styles.url}>
      <TextField label="Assessment URL" name="assessmentUrl" value={url} readOnly />
      <Button type="button" variant="secondary" onClick={() => void copyToClipboard('Assessment URL', url)}>
        Copy
      </Button>
    </div>
  );
}
