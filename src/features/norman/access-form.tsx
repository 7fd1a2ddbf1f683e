import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { setNormanPass } from '../../lib/norman-pass';
import { useOnline } from '../../lib/online';
import { toastAbout } from '../../lib/toast';
import { alertBox } from '../../ui/alert';
import { useAppForm } from '../../ui/form';
import { requestNormanAccess } from './api/norman-access';
import { NORMAN } from './norman-content';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('norman-access');

const styles = {
  form: css({ display: 'grid', gap: '4' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
};

/** The team password, checked by the server; a pass it grants unlocks the page. */
export function AccessForm({ lockedBecause }: { lockedBecause: string | null }) {
  const online = useOnline();
  // Said under the field until it changes: it is empty, or the server refused the password. Not a
  // rule of the form's: the field stays quiet until Access Norman is pressed, whatever is typed.
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const form = useAppForm({
    defaultValues: { password: '' },
    onSubmit: async ({ value: { password } }) => {
      if (!password) {
        setFieldError(NORMAN.access.required);
        input.current?.focus();
        return;
      }
      if (!online) {
        setProblem(NORMAN.access.needsConnection);
        return;
      }
      setProblem(null);
      setFieldError(undefined);
      const reply = await requestNormanAccess(password);
      if (reply.ok) {
        setNormanPass(reply.pass);
        toast.success(...NORMAN.granted);
        return;
      }
      if (reply.kind === 'incorrect') {
        toast.error(...NORMAN.denied);
        setFieldError(NORMAN.denied[1]);
      } else if (reply.kind === 'too-many') {
        toast.error(NORMAN.tooMany, reply.message);
        setProblem(reply.message);
      } else if (reply.kind === 'network') {
        setProblem(NORMAN.access.needsConnection);
      } else {
        setProblem(reply.message);
      }
      input.current?.select();
    },
  });

  const message = !online ? NORMAN.access.needsConnection : (problem ?? lockedBecause);
  return (
    <form.AppForm>
      <form.Form className={styles.form}>
        <p className={styles.muted}>{NORMAN.access.description}</p>
        {message ? (
          <p role="alert" id="norman-access-problem" className={alertBox}>
            {message}
          </p>
        ) : null}
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              ref={input}
              label={NORMAN.access.label}
              type="password"
              autoComplete="current-password"
              placeholder={NORMAN.access.placeholder}
              required
              maxLength={200}
              otherError={fieldError}
              onEdit={() => setFieldError(undefined)}
            />
          )}
        </form.AppField>
        <form.SubmitButton
          size="lg"
          disabled={!online}
          aria-describedby={!online ? 'norman-access-problem' : undefined}
        >
          {NORMAN.access.submit}
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}
