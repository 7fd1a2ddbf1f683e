import { useEffect, useRef, useState } from 'react';
import { revalidateLogic, useForm } from '@tanstack/react-form';
import type { UserDatabase } from '../../data/database';
import { watchCopy, type Waiting } from '../../data/on-device';
import { settingsProblems, type AutoReplySettings } from '../../lib/reply-template';
import { saveSettings, type SettingsChange } from './settings-outbox';

type Errors = Partial<Record<keyof AutoReplySettings, string>>;

export interface SettingsFormOptions {
  db: UserDatabase | null;
  base: AutoReplySettings;
  waiting: Waiting<SettingsChange> | null;
}

/**
 * What the server last said the settings are: a change is sent relative to it. It follows the
 * copy kept on the device, which every answer replaces (this form's saves, a change kept offline
 * and sent later from another page, the settings a conflict reported).
 */
function useServerSettings(db: UserDatabase | null, loaded: AutoReplySettings) {
  const [base, setBase] = useState(loaded);
  useEffect(() => {
    if (!db) return;
    return watchCopy<AutoReplySettings>(db, 'auto_reply_settings', (copy) => {
      if (copy) setBase(copy.value);
    });
  }, [db]);
  return [base, setBase] as const;
}

/** The settings form's state: its values and rules, the Save, and each field's message and focus. */
export function useSettingsForm({ db, base: loaded, waiting }: SettingsFormOptions) {
  const [base, setBase] = useServerSettings(db, loaded);
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

  return { form, errorOf, clear, register };
}
