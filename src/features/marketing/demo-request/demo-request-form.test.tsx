// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toaster } from '../../../lib/toast';
import { toastTexts } from '../../../testing/toasts';
import { Toaster } from '../../../ui/toaster';
import { demoRequestQueue } from './api/submit-demo-request';
import { DemoRequestForm } from './demo-request-form';

type Answer = { error: { code: string; message: string } | null; status: number };
const insert = vi.hoisted(() => vi.fn<(row: Record<string, unknown>) => Promise<Answer>>());
// The client's shape the send uses: from().insert(row).abortSignal(signal).
vi.mock('../../../lib/supabase', () => ({
  supabase: { from: () => ({ insert: (row: Record<string, unknown>) => ({ abortSignal: () => insert(row) }) }) },
}));

const RECEIVED = "Demo request received / We'll be in touch with you soon!";
const FAILED = 'Error / There was a problem submitting your request. Please try again.';

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function renderForm() {
  const onCancel = vi.fn();
  const onDone = vi.fn();
  render(
    <>
      <DemoRequestForm cancelLabel="Cancel" onCancel={onCancel} onDone={onDone} />
      <Toaster />
    </>,
  );
  return { onCancel, onDone, user: userEvent.setup() };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Professional type'), 'mortgage');
  await user.type(input('Name'), 'Brenda Broker');
  await user.type(input('Company'), 'Brokers Ltd');
  await user.type(input('Website (optional)'), 'https://brokers.example');
  await user.type(input('Email'), 'brenda@example.test');
  await user.type(input('Phone'), '020 7946 0002');
  await user.type(input('About your business (optional)'), 'Ten advisers');
  await user.click(input('Send me news and offers about Chloe'));
}

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: /Submit Request|Submitting\.\.\./ });

beforeEach(async () => {
  insert.mockReset();
  setOnline(true);
  const queue = demoRequestQueue();
  for (const entry of await queue.all()) await queue.remove(entry.id);
});
afterEach(() => {
  toaster.remove();
  setOnline(true);
});

describe('DemoRequestForm', () => {
  it('has the documented fields in order, with the bounds of the database, aiName starting as Chloe', () => {
    renderForm();
    const labels = [
      'Professional type',
      'Name',
      'Company',
      'Website (optional)',
      'Email',
      'Phone',
      'About your business (optional)',
      'Send me news and offers about Chloe',
      'Assistant name',
    ];
    const controls = labels.map((label) => screen.getByLabelText(label));
    for (let i = 1; i < controls.length; i++) {
      expect(controls[i - 1]!.compareDocumentPosition(controls[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(input('Assistant name').value).toBe('Chloe');
    expect(input('Send me news and offers about Chloe').checked).toBe(false);
    expect(input('Email').type).toBe('email');
    expect(input('Phone').type).toBe('tel');
    expect(
      [
        'Name',
        'Company',
        'Website (optional)',
        'Email',
        'Phone',
        'About your business (optional)',
        'Assistant name',
      ].map((label) => input(label).maxLength),
    ).toEqual([200, 200, 2048, 320, 40, 5000, 100]);
    const options = [...screen.getByLabelText<HTMLSelectElement>('Professional type').options].map((o) => o.text);
    expect(options.slice(1)).toEqual(['Estate Agent', 'Solicitor/Conveyancer', 'Mortgage Broker', 'Legal Firm']);
  });

  it('refuses an empty form with the message of every field and focuses the first field', async () => {
    const { user } = renderForm();
    await user.click(submit());
    for (const message of [
      'Please select your professional type.',
      'Name must be at least 2 characters.',
      'Company name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Professional type'));
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(insert).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field, not the first field', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Professional type'), 'agent');
    await user.type(input('Name'), 'Ann');
    await user.type(input('Company'), 'Agency');
    await user.type(input('Website (optional)'), 'agency.example');
    await user.click(submit());
    expect(await screen.findByText('Enter a web address starting with http:// or https://')).toBeTruthy();
    expect(document.activeElement).toBe(input('Website (optional)'));
  });

  it('checks a field when it is left, and only that field', async () => {
    const { user } = renderForm();
    await user.type(input('Phone'), '0207');
    expect(screen.queryByText('Please enter a valid phone number.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Please enter a valid phone number.')).toBeTruthy();
    expect(screen.queryByText('Name must be at least 2 characters.')).toBeNull();
  });

  it("reads 'Submitting...' with both buttons disabled, then says it was received, resets and is done", async () => {
    let answer: (a: Answer) => void = () => {};
    insert.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { user, onDone } = renderForm();
    await fillValid(user);
    await user.click(submit());

    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Submitting...' });
    expect(busy.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    expect(insert).toHaveBeenCalledWith({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      professional_type: 'mortgage',
      name: 'Brenda Broker',
      company: 'Brokers Ltd',
      email: 'brenda@example.test',
      phone: '020 7946 0002',
      description: 'Ten advisers',
      website: 'https://brokers.example',
      marketing: true,
      ai_name: 'Chloe',
    });

    await act(async () => answer({ error: null, status: 201 }));
    await waitFor(() => expect(toastTexts()).toEqual([RECEIVED]));
    expect(onDone).toHaveBeenCalledWith('sent');
    expect(input('Name').value).toBe('');
    expect(input('Email').value).toBe('');
    expect(input('Assistant name').value).toBe('Chloe');
    expect(input('Send me news and offers about Chloe').checked).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('Professional type').value).toBe('');
    expect(submit().disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeTruthy();
    // Reset to a fresh form: no errors for the fields it emptied.
    expect(screen.queryByText('Name must be at least 2 characters.')).toBeNull();
  });

  it('says it failed and keeps every value when the server fails', async () => {
    insert.mockResolvedValue({ error: { code: '', message: 'Internal Server Error' }, status: 500 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onDone } = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(toastTexts()).toEqual([FAILED]));
    expect(onDone).not.toHaveBeenCalled();
    expect(input('Name').value).toBe('Brenda Broker');
    expect(input('Phone').value).toBe('020 7946 0002');
    expect(input('Send me news and offers about Chloe').checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Professional type').value).toBe('mortgage');
    expect(await demoRequestQueue().all()).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Demo request failed', 'Internal Server Error');
    logged.mockRestore();
  });

  it('shows a refusal naming a constraint next to its field, keeping the values', async () => {
    insert.mockResolvedValue({
      error: {
        code: '23514',
        message:
          'new row for relation "demo_requests" violates check constraint "demo_requests_phone_at_least_10_chars"',
      },
      status: 400,
    });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(toastTexts()).toEqual([FAILED]));
    expect(await screen.findByText('Please enter a valid phone number.')).toBeTruthy();
    expect(input('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Phone'));
    expect(input('Phone').value).toBe('020 7946 0002');
    // Changing the field takes the server's message away.
    await user.type(input('Phone'), '1');
    expect(screen.queryByText('Please enter a valid phone number.')).toBeNull();
  });

  it('keeps a request made offline on the device and says so', async () => {
    setOnline(false);
    const { user, onDone } = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        "You're offline / Your request is saved on this device and will be sent when you're back online.",
      ]),
    );
    expect(insert).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledWith('queued');
    const [entry, ...rest] = await demoRequestQueue().all();
    expect(rest).toEqual([]);
    expect(entry?.row).toMatchObject({ name: 'Brenda Broker', email: 'brenda@example.test', marketing: true });
    expect(input('Name').value).toBe('');
  });

  it('keeps a request whose send got no answer (online, but the server cannot be reached)', async () => {
    insert.mockResolvedValue({ error: { code: '', message: 'TypeError: Failed to fetch' }, status: 0 });
    const { user } = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(toastTexts()[0]).toMatch(/^You're offline/));
    const entries = await demoRequestQueue().all();
    expect(entries.map((e) => e.id)).toEqual([insert.mock.calls[0]![0].id]);
  });
});
