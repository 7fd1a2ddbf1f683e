import { useEffect, useRef, useState } from 'react';
import { Switch } from '@ark-ui/react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import type { UserDatabase } from '../../data/database';
import { watchCopy, watchWaiting, type Waiting } from '../../data/on-device';
import { formatLongDateTime } from '../../lib/format';
import { changeField } from '../../lib/form';
import {
  fillReplyTemplate,
  MAX_DEMO_LINK,
  MAX_REPLY_TEMPLATE,
  SAMPLE_DEMO_LINK,
  SAMPLE_FIRST_NAME,
  settingsProblems,
  type AutoReplySettings,
} from '../../lib/reply-template';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextAreaField, TextField } from '../../ui/field';
import { LoadingStatus } from '../../ui/loading-status';
import { useAutoReplySettings } from './api/read-auto-reply-settings';
import { KeptNote } from './kept-note';
import { saveSettings, type SettingsChange } from './settings-outbox';

const styles = {
  form: css({ display: 'grid', gap: '5', minW: '0' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  template: css({ minH: '48' }),
  code: css({ fontFamily: 'mono', fontSize: 'sm', bg: 'bg.muted', px: '1', borderRadius: 'sm' }),
  switchRoot: css({ display: 'flex', alignItems: 'flex-start', gap: '3', cursor: 'pointer' }),
  switchControl: css({
    flexShrink: '0',
    mt: '0.5',
    w: '11',
    h: '6',
    p: '0.5',
    borderRadius: 'full',
    bg: 'gray.400',
    display: 'inline-flex',
    transition: 'background 0.15s',
    _checked: { bg: 'primary' },
    '[data-focus-visible] > &': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  }),
  switchThumb: css({
    w: '5',
    h: '5',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transition: 'translate 0.15s',
    _checked: { translate: '1.25rem 0' },
  }),
  switchText: css({ display: 'grid', gap: '0.5' }),
  preview: css({
    p: '4',
    bg: 'bg.muted',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontSize: 'sm',
    maxH: '80',
    overflowY: 'auto',
  }),
  previewTitle: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'md' }),
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
  heading: css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold' }),
  intro: css({ color: 'fg.muted', fontSize: 'sm' }),
};

type Errors = Partial<Record<keyof AutoReplySettings, string>>;

/** The sample reply of the preview: the same filling as the real one (spec §5: first occurrences only). */
export const previewOf = (values: AutoReplySettings) =>
  fillReplyTemplate(values.reply_template, {
    first_name: SAMPLE_FIRST_NAME,
    demo_link: values.demo_link.trim() || SAMPLE_DEMO_LINK,
  });

/** The change kept on this device for the auto-reply settings, live. */
function useWaitingSettings(db: UserDatabase | null): Waiting<SettingsChange> | null | undefined {
  const [waiting, setWaiting] = useState<Waiting<SettingsChange> | null | undefined>(undefined);
  useEffect(() => {
    if (!db) return;
    return watchWaiting<SettingsChange>(db, 'auto_reply_settings', setWaiting);
  }, [db]);
  return db ? waiting : null;
}

/** The Settings tab: the auto-reply's switch, template, demo link and a live preview (spec §2). */
export function SettingsTab({ db, userId, online }: { db: UserDatabase | null; userId: string; online: boolean }) {
  const settings = useAutoReplySettings(db, userId);
  const waiting = useWaitingSettings(db);
  // The form starts from the server's settings when they can be had: online, the copy kept on the
  // device is only a stand-in while they load. Once shown, the form stays (a reconnection or a
  // newer answer never takes the user's input away; a save is checked against what it started from).
  const [shown, setShown] = useState(false);
  const ready =
    shown ||
    (settings.data !== undefined && waiting !== undefined && (!online || !settings.loading || !settings.fromDevice));
  if (ready && !shown) setShown(true);
  if (!ready || settings.data === undefined || waiting === undefined) {
    if (settings.loading || waiting === undefined) return <LoadingStatus>Loading settings...</LoadingStatus>;
    return (
      <Card role="alert">
        {online
          ? 'Failed to fetch auto-reply settings'
          : 'You are offline. Your auto-reply settings show here once they have been loaded.'}
      </Card>
    );
  }
  return (
    <Card className={css({ display: 'grid', gap: '4' })}>
      <div>
        <h2 className={styles.heading}>Auto-reply</h2>
        <p className={styles.intro}>Chloe answers new emails in your connected inbox once per conversation.</p>
      </div>
      <KeptNote query={settings} online={online} what="settings" />
      <SettingsForm db={db} base={settings.data} waiting={waiting} />
    </Card>
  );
}

function SettingsForm({
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
        {(field) => (
          <Switch.Root
            className={styles.switchRoot}
            checked={field.state.value}
            onCheckedChange={({ checked }) => field.handleChange(checked)}
            name="enabled"
          >
            <Switch.Control className={styles.switchControl}>
              <Switch.Thumb className={styles.switchThumb} />
            </Switch.Control>
            <span className={styles.switchText}>
              <Switch.Label className={styles.label}>Enable auto-reply</Switch.Label>
              <span className={styles.hint}>
                {field.state.value
                  ? 'On: new emails get a reply from Chloe.'
                  : 'Off: Chloe does not read or answer your email.'}
              </span>
            </span>
            {/* A switch to assistive technology too (Ark draws a hidden checkbox). */}
            <Switch.HiddenInput role="switch" />
          </Switch.Root>
        )}
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

      <form.Subscribe selector={(state) => state.values}>
        {(values) => (
          <section aria-labelledby="reply-preview" className={css({ display: 'grid', gap: '2' })}>
            <h3 id="reply-preview" className={styles.previewTitle}>
              Preview
            </h3>
            <p className={styles.hint}>
              What {SAMPLE_FIRST_NAME} would receive
              {values.demo_link.trim() ? '' : ' (with a sample link until you enter yours)'}:
            </p>
            <div className={styles.preview} data-testid="reply-preview">
              {previewOf(values)}
            </div>
          </section>
        )}
      </form.Subscribe>

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
