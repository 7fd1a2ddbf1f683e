// @vitest-environment jsdom
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { revalidateLogic } from '@tanstack/react-form';
import { describe, expect, it, vi } from 'vitest';
import { useAppForm } from './form';

const required = ({ value }: { value: string }) => (value ? undefined : 'Enter a name');

/** A form as the features write one: a checked text field, a checkbox, a submit button. */
function NameForm({ onSubmit }: { onSubmit: (value: { name: string; news: boolean }) => void }) {
  const [refused, setRefused] = useState<string | undefined>('Taken on the server');
  const form = useAppForm({
    defaultValues: { name: '', news: false },
    validationLogic: revalidateLogic({ mode: 'blur', modeAfterSubmission: 'change' }),
    onSubmit: ({ value }) => onSubmit(value),
  });
  return (
    <form.AppForm>
      <form.Form aria-label="Profile">
        <form.AppField name="name" validators={{ onDynamic: required }}>
          {(field) => (
            <field.TextField label="Name" maxLength={20} otherError={refused} onEdit={() => setRefused(undefined)} />
          )}
        </form.AppField>
        <form.AppField name="news">{(field) => <field.CheckboxField label="Send me news" />}</form.AppField>
        <form.SubmitButton>Save</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  );
}

describe('useAppForm', () => {
  it("draws a field from the form's state: its name, its rule's message, else what the server said", async () => {
    const u = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NameForm onSubmit={onSubmit} />);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(name.name).toBe('name');
    expect(name.maxLength).toBe(20);
    expect(screen.getByText('Taken on the server')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    // A change lets go of the server's word, and the rule's message goes at the keystroke that satisfies it.
    await u.type(name, 'A');
    expect(screen.queryByText('Enter a name')).toBeNull();
    expect(screen.queryByText('Taken on the server')).toBeNull();

    await u.click(screen.getByLabelText('Send me news'));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'A', news: true });
  });
});
