import { css } from 'styled-system/css';
import type { Waiting } from '../../data/on-device';
import { formatLongDateTime } from '../../lib/format';
import { changeField } from '../../lib/form';
import { MAX_DEMO_LINK, MAX_REPLY_TEMPLATE } from '../../lib/reply-template';
import { Button } from '../../ui/button';
import { TextAreaField, TextField } from '../../ui/field';
import { AutoReplySwitch } from './auto-reply-switch';
import { ReplyPreview } from './reply-preview';
import type { SettingsChange } from './settings-outbox';
import { useSettingsForm, type SettingsFormOptions } from './use-settings-form';

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

/** A change kept on this device: waiting for the connection, or refused when it was sent. */
function WaitingNotice({ waiting }: { waiting: Waiting<SettingsChange> }) {
  return (
    <p className={styles.waiting} role="status">
      {waiting.refusal
        ? `Not saved: ${waiting.refusal.message} Change the settings and save again.`
        : `Saved on this device on ${formatLongDateTime(new Date(waiting.since))}: waiting to be sent when you are back online.`}
    </p>
  );
}

/** What the template's two placeholders become. */
function TemplateHint() {
  return (
    <>
      <code className={styles.code}>{'{first_name}'}</code> becomes the sender’s first name and{' '}
      <code className={styles.code}>{'{demo_link}'}</code> your demo link (the first of each).
    </>
  );
}

/**
 * The auto-reply settings as a form: checked as typed after the first Save, saved relative to what
 * the server last said (settings-outbox.ts), a refusal or conflict named next to its field.
 */
export function SettingsForm(props: SettingsFormOptions) {
  const { waiting } = props;
  const { form, errorOf, clear, register } = useSettingsForm(props);

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {waiting ? <WaitingNotice waiting={waiting} /> : null}

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
            hint={<TemplateHint />}
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
