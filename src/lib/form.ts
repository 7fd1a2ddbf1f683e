/** The first message of a TanStack Form field's errors (valibot issues or plain strings). */
export function firstError(errors: ReadonlyArray<unknown>): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error;
    if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
      return error.message;
    }
  }
  return undefined;
}

/** The part of a TanStack Form field that `changeField` uses. */
interface ChangingField {
  handleChange: (value: string) => void;
  handleBlur: () => void;
  state: { meta: { isValid: boolean } };
}

/**
 * A text field's change: a field that shows an error is checked again at every keystroke, so the
 * error goes as soon as the input is right. Otherwise it would go only when the field is left,
 * which is the mousedown on Submit: the form shrinks under the pointer and the click misses it.
 */
export function changeField(field: ChangingField, value: string) {
  field.handleChange(value);
  if (!field.state.meta.isValid) field.handleBlur();
}
