import { useEffect, useRef, useState } from 'react';
import { revalidateLogic } from '@tanstack/react-form';
import * as v from 'valibot';
import { logError } from '../../../lib/log';
import { toastAbout } from '../../../lib/toast';
import { useAppForm } from '../../../ui/form';
import { DEMO_REQUEST_TOASTS, submitDemoRequest, type SubmitOutcome } from './api/submit-demo-request';
import {
  demoRequestSchema,
  EMPTY_DEMO_REQUEST,
  fieldOfConstraint,
  toDemoRequestRow,
  type DemoRequestField,
  type DemoRequestValues,
} from './demo-request-schema';

// A success of this topic dismisses its failures still on screen.
const toast = toastAbout('demo-request');

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

type Problems = Partial<Record<DemoRequestField, string>>;

/** A refused request put back in the form: its values, and what the server said about them. */
export type DemoRequestRestore = { values: DemoRequestValues; problems: Problems; message: string | null };

type Options = {
  restore: DemoRequestRestore | undefined;
  /** The request is sent or kept on the device; the form has already reset itself. */
  onDone: ((outcome: 'sent' | 'queued') => void) | undefined;
};

/**
 * The demo request form's state and its submit: sent, kept on the device, or refused, with what
 * was refused said next to its field (until that field changes) and the focus taken there.
 */
export function useDemoRequestForm({ restore, onDone }: Options) {
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

  const form = useAppForm({
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

  /** What a field's component takes: its element (for the focus), the server's word on it and its end. */
  const bind = (name: DemoRequestField) => ({
    ref: (element: HTMLElement | null) => {
      controls.current.set(name, element);
    },
    otherError: problems[name],
    onEdit: () => {
      if (problems[name]) setProblems(({ [name]: _gone, ...rest }) => rest);
    },
  });

  return { form, alert, bind };
}
