// The app's TanStack Form hook: every form is made with `useAppForm`, and every field is drawn by
// one of the components below, which take the field from TanStack's context. A form says what a
// field is (label, type, autocomplete, bounds); how its value, blur and errors reach the input is
// written once, here.
import type { ComponentProps, ReactNode } from 'react';
import { createFormHook, createFormHookContexts } from '@tanstack/react-form';
import { changeField, firstError } from '../lib/form';
import { Button, type ButtonProps } from './button';
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
  type CheckboxFieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './field';

// A feature's own field (a switch, say) reads its field with useFieldContext inside form.AppField.
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();
export { useFieldContext };

/** A bound field's own props: the form gives it its name, value, change, blur and error. */
type Bound<Props> = Omit<Props, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'> & {
  /**
   * An error the form's own rules do not know of (what the server said of the value, say), shown
   * while they find none.
   */
  otherError?: string | undefined;
  /** Told of each change before the form is (to let go of an `otherError` about the old value). */
  onEdit?: () => void;
};

/** What a text input needs of its field: its name, value, change, blur and error. */
function useTextInput({ otherError, onEdit }: Pick<Bound<object>, 'otherError' | 'onEdit'>) {
  const field = useFieldContext<string>();
  return {
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => {
      onEdit?.();
      changeField(field, event.target.value);
    },
    onBlur: field.handleBlur,
    error: firstError(field.state.meta.errors) ?? otherError,
  };
}

function BoundTextField({ otherError, onEdit, ...props }: Bound<TextFieldProps>) {
  return <TextField {...props} {...useTextInput({ otherError, onEdit })} />;
}

function BoundTextAreaField({ otherError, onEdit, ...props }: Bound<TextAreaFieldProps>) {
  return <TextAreaField {...props} {...useTextInput({ otherError, onEdit })} />;
}

function BoundSelectField({ otherError, onEdit, ...props }: Bound<SelectFieldProps>) {
  const field = useFieldContext<string>();
  return (
    <SelectField
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(event) => {
        onEdit?.();
        field.handleChange(event.target.value);
        // A choice is made in one go: check it now rather than when the select is left.
        field.handleBlur();
      }}
      onBlur={field.handleBlur}
      error={firstError(field.state.meta.errors) ?? otherError}
    />
  );
}

function BoundCheckboxField(props: Omit<CheckboxFieldProps, 'name' | 'checked' | 'defaultChecked' | 'onChange'>) {
  const field = useFieldContext<boolean>();
  return (
    <CheckboxField
      {...props}
      name={field.name}
      checked={field.state.value}
      onChange={(event) => field.handleChange(event.target.checked)}
    />
  );
}

type FormProps = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  /** Passed to the form's `onSubmit` as `meta` (else the form's `onSubmitMeta`). */
  submitMeta?: unknown;
};

/** The <form> element: the form's own checks instead of the browser's, and submit through TanStack. */
function Form({ submitMeta, children, ...props }: FormProps) {
  const form = useFormContext();
  return (
    <form
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit(submitMeta);
      }}
    >
      {children}
    </form>
  );
}

/** The submit button, busy while the form submits. */
function SubmitButton({ children, ...props }: Omit<ButtonProps, 'type' | 'busy'> & { children: ReactNode }) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" busy={isSubmitting} {...props}>
          {children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField: BoundTextField,
    TextAreaField: BoundTextAreaField,
    SelectField: BoundSelectField,
    CheckboxField: BoundCheckboxField,
  },
  formComponents: { Form, SubmitButton },
});
