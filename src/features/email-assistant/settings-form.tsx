import { useEffect, useRef, useState } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import type { UserDatabase } from '../../data/database';
import { watchCopy, type Waiting } from '../../data/on-device';
import { formatLongDateTime } from '../../lib/format';
import { changeField } from '../../lib/form';
import { MAX_DEMO_LINK, MAX_REPLY_TEMPLATE, settingsProblems, type AutoReplySettings } from '../../lib/reply-template';
import { Button } from '../../ui/button';
import { TextAreaField, TextField } from '../../ui/field';
import { AutoReplySwitch } from './auto-reply-switch';
import { ReplyPreview } from './reply-preview';
import { saveSettings, type SettingsChange } from './settings-outbox';

const styles = {
  form: css({ display: 'grid', gap: '5', minW: '0' }),
  template: css({ minH: '48' }),
  code: css({ fontFamily: 'mono', fontSize: 'sm', bg: 'bg.muted', px: '1', borderRadius: 'sm' }),
  waiting: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'warning.border',
    bg: 'warning.subtle',
    color: 'warning.text',
    fontSize: 'sm',
  }),
  actions: css({ display: 'flex', justifyContent: 'flex-end' }),
};

type Errors = Partial<Record<keyof AutoReplySettings, string>>;

/**
 * The auto-reply settings as a form: checked as typed after the first Save, saved relative to what
 * the server last said (settings-outbox.ts), a refusal or conflict named next to its field.
 */
export function SettingsForm({
  db,
  base: loaded,
  waiting,
}: {
  db: UserDatabase | null;
  base: AutoReplySettings;
  waiting: Waiting<SettingsChange> | null;
}) {
  // What the server last said the settings are: a change is sent relative to it. It follows the
  // copy kept on the device, which every answer replaces (this form's saves, a change kept offline
  // and sent later from another page, the settings a conflict reported).
  const [base, setBase] = useState(loaded);
  useEffect(() => {
    if (!db) return;
    return watchCopy<AutoReplySettings>(db, 'auto_reply_settings', (copy) => {
      if (copy) setBase(copy.value);
    });
  }, [db]);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const controls = useRef(new Map<keyof AutoReplySettings, HTMLElement | null>());

  const form = useForm({
    defaultValues: { ...loaded, ...waiting?.change },
    // Quiet until the first Save; after it, a message goes as soon as the input is right.
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }) => {
        const problems = settingsProblems(value);
        if (!problems.length) return undefined;
        return { fields: Object.fromEntries(problems.map((p) => [p.field, p.message])) };
      },
    },
    onSubmitInvalid: ({ formApi }) => {
      const first = (['reply_template', 'demo_link'] as const).find(
        (name) => (formApi.getFieldMeta(name)?.errors.length ?? 0) > 0,
      );
      if (first) controls.current.get(first)?.focus();
    },
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({});
      const result = await saveSettings(db, base, value);
      if (result.kind === 'saved') {
        setBase(result.settings);
        formApi.reset(result.settings);
      } else if (result.kind === 'conflict') {
        // The user's values stay in the form; the next Save is judged against the settings as they are now.
        setBase(result.current);
        if (result.field) {
          setServerErrors({ [result.field]: result.message });
          controls.current.get(result.field)?.focus();
        }
      } else if (result.kind === 'refused' && result.field) {
        setServerErrors({ [result.field]: result.message });
        controls.current.get(result.field)?.focus();
      }
    },
  });

  /**
   * A field's message: the form's own rule, what the server said to the last Save, or its refusal of
   * the change kept on this device (sent when the connection returned) while the field still holds
   * the refused value.
   */
  const errorOf = (name: keyof AutoReplySettings, errors: ReadonlyArray<unknown>, value: unknown) => {
    const own = errors.find((e): e is string => typeof e === 'string' && Boolean(e));
    const refusal = waiting?.refusal;
    const kept = refusal?.field === name && waiting?.change[name] === value ? refusal.message : undefined;
    return own ?? serverErrors[name] ?? kept;
  };
  const clear = (name: keyof AutoReplySettings) => {
    if (serverErrors[name]) setServerErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const register = (name: keyof AutoReplySettings) => (element: HTMLElement | null) => {
    controls.current.set(name, element);
  };

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {waiting ? (
        <p className={styles.waiting} role="status">
          {waiting.refusal
            ? `Not saved: ${waiting.refusal.message} Change the settings and save again.`
            : `Saved on this device on ${formatLongDateTime(new Date(waiting.since))}: waiting to be sent when you are back online.`}
        </p>
      ) : null}

      <form.Field name="enabled">
        {(field) => <AutoReplySwitch checked={field.state.value} onChange={(checked) => field.handleChange(checked)} />}
      </form.Field>

      <form.Field name="reply_template">
        {(field) => (
          <TextAreaField
            ref={register('reply_template')}
            label="Reply template"
            name="reply_template"
            rows={9}
            maxLength={MAX_REPLY_TEMPLATE}
            className={styles.template}
            value={field.state.value}
            onChange={(event) => {
              clear('reply_template');
              changeField(field, event.target.value);
            }}
            onBlur={field.handleBlur}
            error={errorOf('reply_template', field.state.meta.errors, field.state.value)}
            hint={
              <>
                <code className={styles.code}>{'{first_name}'}</code> becomes the sender’s first name and{' '}
                <code className={styles.code}>{'{demo_link}'}</code> your demo link (the first of each).
              </>
            }
          />
        )}
      </form.Field>

      <form.Field name="demo_link">
        {(field) => (
          <TextField
            ref={register('demo_link')}
            label="Demo link"
            name="demo_link"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://calendly.com/your-team/demo"
            maxLength={MAX_DEMO_LINK}
            value={field.state.value}
            onChange={(event) => {
              clear('demo_link');
              changeField(field, event.target.value);
            }}
            onBlur={field.handleBlur}
            error={errorOf('demo_link', field.state.meta.errors, field.state.value)}
          />
        )}
      </form.Field>

      <form.Subscribe selector={(state) => state.values}>{(values) => <ReplyPreview values={values} />}</form.Subscribe>

      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <div className={styles.actions}>
            <Button type="submit" size="lg" busy={isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        )}
      </form.Subscribe>
    </form>
  );
}
