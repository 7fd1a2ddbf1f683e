import { useEffect, useRef, useState } from 'react';
import { Field } from '@ark-ui/react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import { css } from 'styled-system/css';
import { changeField, firstError } from '../../../lib/form';
import { useHydrated } from '../../../lib/hydrated';
import { logError } from '../../../lib/log';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { fieldStyles, TextAreaField, TextField } from '../../../ui/field';
import { DEMO_REQUEST_TOASTS, submitDemoRequest, type SubmitOutcome } from './api/submit-demo-request';
import {
  DEMO_REQUEST_MAX,
  demoRequestFields,
  demoRequestSchema,
  EMPTY_DEMO_REQUEST,
  FIELD_LABELS,
  fieldOfConstraint,
  PROFESSIONAL_TYPES,
  toDemoRequestRow,
  type DemoRequestField,
  type DemoRequestValues,
} from './demo-request-schema';

const styles = {
  form: css({ display: 'grid', gap: '4' }),
  // Lays out as if absent: the fields stay the form's grid items.
  fieldset: css({ display: 'contents' }),
  pair: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } }),
  check: css({
    display: 'flex',
    gap: '3',
    alignItems: 'flex-start',
    cursor: 'pointer',
    fontSize: 'sm',
    '& input': { mt: '0.5', w: '5', h: '5', flexShrink: '0', accentColor: 'var(--colors-primary)' },
  }),
  alert: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    color: 'danger.hover',
    fontSize: 'sm',
    overflowWrap: 'anywhere',
  }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' }),
};

/** Fields in the order they are drawn: the first one with an error gets the focus. */
const ORDER: DemoRequestField[] = [
  'professionalType',
  'name',
  'company',
  'website',
  'email',
  'phone',
  'description',
  'marketing',
  'aiName',
];

type TextName = 'name' | 'company' | 'website' | 'email' | 'phone' | 'aiName';
// Each a string in, a string out: what the text fields' validator slot takes.
const TEXT_RULES: Record<TextName, v.GenericSchema<string, string>> = demoRequestFields;

type Problems = Partial<Record<DemoRequestField, string>>;

/** A refused request put back in the form: its values, and what the server said about them. */
export type DemoRequestRestore = { values: DemoRequestValues; problems: Problems; message: string | null };

type DemoRequestFormProps = {
  /** The form's second button: 'Cancel' (the page's way out, or the Hire page's collapse). */
  cancelLabel: string;
  onCancel: () => void;
  /** The request is sent or kept on the device; the form has already reset itself. */
  onDone?: (outcome: 'sent' | 'queued') => void;
  restore?: DemoRequestRestore | undefined;
};

/** The demo request form of /professional-signup and the Hire page (spec §3, §4, §5). */
export function DemoRequestForm({ cancelLabel, onCancel, onDone, restore }: DemoRequestFormProps) {
  const hydrated = useHydrated();
  // What the server refused, by field, until that field changes; or its words when no field fits.
  const [problems, setProblems] = useState<Problems>(restore?.problems ?? {});
  const [alert, setAlert] = useState<string | null>(restore?.message ?? null);
  const controls = useRef(new Map<DemoRequestField, HTMLElement | null>());
  const focus = (name: DemoRequestField) => controls.current.get(name)?.focus();

  // A request put back in the form: the reader lands on what the server refused (once the
  // form is laid out: on the Hire page it is opening in the same moment).
  useEffect(() => {
    const first = ORDER.find((name) => restore?.problems[name]);
    if (!first) return;
    const frame = requestAnimationFrame(() => controls.current.get(first)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [restore]);

  const form = useForm({
    defaultValues: restore?.values ?? EMPTY_DEMO_REQUEST,
    // Quiet until a field is left; after a submit attempt, errors follow every keystroke.
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmitInvalid: ({ formApi }) => {
      const first = ORDER.find((name) => (formApi.getFieldMeta(name)?.errors.length ?? 0) > 0);
      if (first) focus(first);
    },
    onSubmit: async ({ value, formApi }) => {
      setAlert(null);
      const row = toDemoRequestRow(v.parse(demoRequestSchema, value), crypto.randomUUID());
      let outcome: SubmitOutcome;
      try {
        outcome = await submitDemoRequest(row);
      } catch (error) {
        // Neither sent nor kept (the device's storage refused it): the visitor's words stay.
        logError('Demo request could not be sent or kept', error);
        outcome = { kind: 'failed', message: String(error) };
      }
      if (outcome.kind === 'sent' || outcome.kind === 'queued') {
        if (outcome.kind === 'sent') toast.success(...DEMO_REQUEST_TOASTS.received);
        else toast.info(...DEMO_REQUEST_TOASTS.queued);
        formApi.reset(EMPTY_DEMO_REQUEST);
        setProblems({});
        onDone?.(outcome.kind);
        return;
      }
      toast.error(...DEMO_REQUEST_TOASTS.failed);
      if (outcome.kind === 'refused') {
        const found = fieldOfConstraint(outcome.refusal.constraint);
        if (found) {
          setProblems({ [found.field]: found.message });
          focus(found.field);
        } else setAlert(outcome.refusal.message);
      } else logError('Demo request failed', outcome.message);
    },
  });

  const problemOf = (name: DemoRequestField, errors: ReadonlyArray<unknown>) => firstError(errors) ?? problems[name];
  const clearProblem = (name: DemoRequestField) => {
    if (problems[name]) setProblems(({ [name]: _gone, ...rest }) => rest);
  };
  const register = (name: DemoRequestField) => (element: HTMLElement | null) => {
    controls.current.set(name, element);
  };

  const text = (
    name: TextName,
    props: { type?: string; autoComplete: string; required?: boolean; inputMode?: 'url' | 'tel' | 'email' },
  ) => (
    <form.Field name={name} validators={{ onDynamic: TEXT_RULES[name] }}>
      {(field) => (
        <TextField
          ref={register(name)}
          label={FIELD_LABELS[name]}
          name={name}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          required={props.required}
          maxLength={DEMO_REQUEST_MAX[name]}
          value={field.state.value}
          onChange={(event) => {
            clearProblem(name);
            changeField(field, event.target.value);
          }}
          onBlur={field.handleBlur}
          error={problemOf(name, field.state.meta.errors)}
        />
      )}
    </form.Field>
  );

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      {/* In a page's HTML (and until it has hydrated) the form cannot be used: typed words would
          be lost and a submit would reload the page (ADR 012). */}
      <fieldset disabled={!hydrated} className={styles.fieldset}>
        <form.Field name="professionalType" validators={{ onDynamic: demoRequestFields.professionalType }}>
          {(field) => {
            const error = problemOf('professionalType', field.state.meta.errors);
            return (
              <Field.Root invalid={Boolean(error)} required className={fieldStyles.root}>
                <Field.Label className={fieldStyles.label}>{FIELD_LABELS.professionalType}</Field.Label>
                <Field.Select
                  ref={register('professionalType')}
                  name="professionalType"
                  className={fieldStyles.control}
                  value={field.state.value}
                  onChange={(event) => {
                    clearProblem('professionalType');
                    const type = PROFESSIONAL_TYPES.find((t) => t.value === event.target.value)?.value ?? '';
                    field.handleChange(type);
                    // A choice is made in one go: check it now rather than when the select is left.
                    field.handleBlur();
                  }}
                  onBlur={field.handleBlur}
                >
                  <option value="">Select your professional type</option>
                  {PROFESSIONAL_TYPES.map((type) => (
                    <option key={type.value} value={type.value}>
                      {type.label}
                    </option>
                  ))}
                </Field.Select>
                <Field.ErrorText className={fieldStyles.error}>{error}</Field.ErrorText>
              </Field.Root>
            );
          }}
        </form.Field>

        <div className={styles.pair}>
          {text('name', { autoComplete: 'name', required: true })}
          {text('company', { autoComplete: 'organization', required: true })}
        </div>
        {text('website', { type: 'url', inputMode: 'url', autoComplete: 'url' })}
        <div className={styles.pair}>
          {text('email', { type: 'email', autoComplete: 'email', required: true })}
          {text('phone', { type: 'tel', autoComplete: 'tel', required: true })}
        </div>

        <form.Field name="description" validators={{ onDynamic: demoRequestFields.description }}>
          {(field) => (
            <TextAreaField
              ref={register('description')}
              label={FIELD_LABELS.description}
              name="description"
              rows={4}
              maxLength={DEMO_REQUEST_MAX.description}
              value={field.state.value}
              onChange={(event) => {
                clearProblem('description');
                changeField(field, event.target.value);
              }}
              onBlur={field.handleBlur}
              error={problemOf('description', field.state.meta.errors)}
            />
          )}
        </form.Field>

        <form.Field name="marketing">
          {(field) => (
            <label className={styles.check}>
              <input
                ref={register('marketing')}
                type="checkbox"
                name="marketing"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
              <span>{FIELD_LABELS.marketing}</span>
            </label>
          )}
        </form.Field>

        {text('aiName', { autoComplete: 'off' })}

        {alert ? (
          <p role="alert" className={styles.alert}>
            {alert}
          </p>
        ) : null}

        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <div className={styles.actions}>
              <Button variant="secondary" size="lg" disabled={isSubmitting} onClick={onCancel}>
                {cancelLabel}
              </Button>
              <Button type="submit" size="lg" busy={isSubmitting}>
                {isSubmitting ? 'Submitting...' : 'Submit Request'}
              </Button>
            </div>
          )}
        </form.Subscribe>
      </fieldset>
    </form>
  );
}
