import * as v from 'valibot';
import { css } from 'styled-system/css';
import { useHydrated } from '../../../lib/hydrated';
import { Button } from '../../../ui/button';
import {
  DEMO_REQUEST_MAX,
  demoRequestFields,
  FIELD_LABELS,
  PROFESSIONAL_TYPES,
  type DemoRequestField,
} from './demo-request-schema';
import { useDemoRequestForm, type DemoRequestRestore } from './use-demo-request-form';
import { alertBox } from '../../../ui/alert';

const styles = {
  form: css({ display: 'grid', gap: '4' }),
  // Lays out as if absent: the fields stay the form's grid items.
  fieldset: css({ display: 'contents' }),
  pair: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } }),
  alert: alertBox,
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' }),
};

type TextName = Extract<DemoRequestField, 'name' | 'company' | 'website' | 'email' | 'phone' | 'aiName'>;
// Each a string in, a string out: what the text fields' validator slot takes.
const TEXT_RULES: Record<TextName, v.GenericSchema<string, string>> = demoRequestFields;

type DemoRequestFormProps = {
  /** The form's second button: 'Cancel' (the page's way out, or the Hire page's collapse). */
  cancelLabel: string;
  onCancel: () => void;
  /** The request is sent or kept on the device; the form has already reset itself. */
  onDone?: (outcome: 'sent' | 'queued') => void;
  restore?: DemoRequestRestore | undefined;
};

/** Cancel and Submit: both wait while a request is on its way. */
function FormActions({
  cancelLabel,
  onCancel,
  submitting,
}: Pick<DemoRequestFormProps, 'cancelLabel' | 'onCancel'> & { submitting: boolean }) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" size="lg" disabled={submitting} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" size="lg" busy={submitting}>
        {submitting ? 'Submitting...' : 'Submit Request'}
      </Button>
    </div>
  );
}

/** The demo request form of /professional-signup and /hire (docs/product/marketing.md#demo-requests). */
export function DemoRequestForm({ cancelLabel, onCancel, onDone, restore }: DemoRequestFormProps) {
  const hydrated = useHydrated();
  const { form, alert, bind } = useDemoRequestForm({ restore, onDone });

  const text = (
    name: TextName,
    props: { type?: string; autoComplete: string; required?: boolean; inputMode?: 'url' | 'tel' | 'email' },
  ) => (
    <form.AppField name={name} validators={{ onDynamic: TEXT_RULES[name] }}>
      {(field) => (
        <field.TextField
          {...bind(name)}
          label={FIELD_LABELS[name]}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          required={props.required}
          maxLength={DEMO_REQUEST_MAX[name]}
        />
      )}
    </form.AppField>
  );

  return (
    <form.AppForm>
      <form.Form className={styles.form}>
        {/* In a page's HTML (and until it has hydrated) the form cannot be used: typed words would
            be lost and a submit would reload the page (ADR 012). */}
        <fieldset disabled={!hydrated} className={styles.fieldset}>
          <form.AppField name="professionalType" validators={{ onDynamic: demoRequestFields.professionalType }}>
            {(field) => (
              <field.SelectField
                {...bind('professionalType')}
                label={FIELD_LABELS.professionalType}
                required
                placeholder="Select your professional type"
                options={PROFESSIONAL_TYPES}
              />
            )}
          </form.AppField>

          <div className={styles.pair}>
            {text('name', { autoComplete: 'name', required: true })}
            {text('company', { autoComplete: 'organization', required: true })}
          </div>
          {text('website', { type: 'url', inputMode: 'url', autoComplete: 'url' })}
          <div className={styles.pair}>
            {text('email', { type: 'email', autoComplete: 'email', required: true })}
            {text('phone', { type: 'tel', autoComplete: 'tel', required: true })}
          </div>

          <form.AppField name="description" validators={{ onDynamic: demoRequestFields.description }}>
            {(field) => (
              <field.TextAreaField
                {...bind('description')}
                label={FIELD_LABELS.description}
                rows={4}
                maxLength={DEMO_REQUEST_MAX.description}
              />
            )}
          </form.AppField>

          <form.AppField name="marketing">
            {(field) => <field.CheckboxField ref={bind('marketing').ref} label={FIELD_LABELS.marketing} />}
          </form.AppField>

          {text('aiName', { autoComplete: 'off' })}

          {alert ? (
            <p role="alert" className={styles.alert}>
              {alert}
            </p>
          ) : null}

          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(isSubmitting) => <FormActions cancelLabel={cancelLabel} onCancel={onCancel} submitting={isSubmitting} />}
          </form.Subscribe>
        </fieldset>
      </form.Form>
    </form.AppForm>
  );
}
