import { useState } from 'react';
import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { copyToClipboard } from '../../lib/clipboard';
import { MAX_CHARS } from '../../lib/limits';
import { Button } from '../../ui/button';
import { Card, CardDescription } from '../../ui/card';
import { TextField } from '../../ui/field';
import { useCreateAssessmentLink } from './api/create-assessment-link';

const styles = {
  card: css({ display: 'grid', gap: '4' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'end' }),
  url: css({ display: 'flex', gap: '2', alignItems: 'end', '& > :first-child': { flex: '1' } }),
};

/** Agency name and contact email → a private link, shown with a Copy button. */
export function CreateLinkForm({ onCreated }: { onCreated: () => void }) {
  const create = useCreateAssessmentLink();
  const [url, setUrl] = useState('');
  const form = useForm({
    defaultValues: { agencyName: '', contactEmail: '' },
    onSubmit: async ({ value }) => {
      const created = await create(value);
      if (!created) return;
      setUrl(created);
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
              maxLength={MAX_CHARS.email}
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
  );
}
