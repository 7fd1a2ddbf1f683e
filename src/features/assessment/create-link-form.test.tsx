// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../lib/toast';
import { CreateLinkForm } from './create-link-form';

const insert = vi.hoisted(() => vi.fn());
vi.mock('../../lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));

afterEach(() => {
  cleanup();
  toaster.remove();
  insert.mockReset();
});

describe('the link form', () => {
  it('says a bad address at the field, focuses it, and clears the message once it is changed', async () => {
    render(<CreateLinkForm onCreated={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Agency Name'), 'Haus & Co');
    const email = screen.getByLabelText('Contact Email');
    await user.type(email, 'ann@haus');
    await user.click(screen.getByRole('button', { name: 'Create Assessment' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(insert).not.toHaveBeenCalled();
    await user.type(email, '.test');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });
});
