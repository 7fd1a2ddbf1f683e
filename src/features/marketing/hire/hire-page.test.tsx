// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { toaster } from '../../../lib/toast';
import { renderRoutes } from '../../../testing/render-routes';
import { toastTexts } from '../../../testing/toasts';
import { demoRequestQueue } from '../demo-request/api/submit-demo-request';
import { DemoRequestSender } from '../demo-request/demo-request-sender';
import { ProfessionalSignupPage } from '../demo-request/professional-signup-page';
import { HirePage } from './hire-page';

type Answer = { error: { code: string; message: string } | null; status: number };
const insert = vi.hoisted(() => vi.fn<(row: Record<string, unknown>) => Promise<Answer>>());
// The client's shape the send uses: from().insert(row).abortSignal(signal).
vi.mock('../../../lib/supabase', () => ({
  supabase: { from: () => ({ insert: (row: Record<string, unknown>) => ({ abortSignal: () => insert(row) }) }) },
}));

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

function renderAt(path: '/hire' | '/professional-signup') {
  // As in the app: the root layout sends what waits on the device, whatever page is open.
  const view = renderRoutes(
    path,
    (root) => [
      createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> }),
      createRoute({ getParentRoute: () => root, path: '/hire', component: HirePage }),
      createRoute({ getParentRoute: () => root, path: '/professional-signup', component: ProfessionalSignupPage }),
    ],
    {
      wrap: (app) => (
        <>
          <DemoRequestSender />
          {app}
        </>
      ),
    },
  );
  return { ...view, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, phone = '020 7946 0003') {
  await user.selectOptions(await screen.findByLabelText('Professional type'), 'firm');
  await user.type(screen.getByLabelText('Name'), 'Lena Legal');
  await user.type(screen.getByLabelText('Company'), 'Legal Firm LLP');
  await user.type(screen.getByLabelText('Email'), 'lena@example.test');
  await user.type(screen.getByLabelText('Phone'), phone);
}

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

describe('HirePage', () => {
  it('has the heading, a call link with the grouped number, a back-home link and the 15-feature table', async () => {
    renderAt('/hire');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hire Chloe' })).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Call Chloe on 020 7946 0100' });
    expect(call.getAttribute('href')).toBe('tel:+442079460100');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    const table = screen.getByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Category', 'Feature']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(15);
    expect(rows.map((r) => r.textContent)).toContain('LanguagesSpeaks 32 languages');
    expect(rows.map((r) => r.textContent)).toContain('CallsAnswers calls 24/7');
  });

  it("'Request Demo' expands the inline form; success resets and collapses it", async () => {
    insert.mockResolvedValue({ error: null, status: 201 });
    const { user } = renderAt('/hire');
    const toggle = await screen.findByRole('button', { name: 'Request Demo' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const content = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(content).toBeTruthy();
    expect(content.hidden).toBe(true);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(content.hidden).toBe(false);
    expect(within(content).getByLabelText('Name')).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(content.hidden).toBe(true));
    expect(insert).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
  });

  it("'Cancel' collapses the form and keeps what was typed", async () => {
    const { user } = renderAt('/hire');
    const toggle = await screen.findByRole('button', { name: 'Request Demo' });
    await user.click(toggle);
    await user.type(screen.getByLabelText('Name'), 'Lena');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    await user.click(toggle);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Lena');
  });
});

describe('the requests kept on this device', () => {
  it('says how many wait to be sent while offline, on both pages, and sends them when back online', async () => {
    setOnline(false);
    const { user, router } = renderAt('/professional-signup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Request a demo' })).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('1 request waiting to be sent')).toBeTruthy();
    expect(
      screen.getByText("You're offline. Saved on this device, it will be sent when you're back online."),
    ).toBeTruthy();

    await router.navigate({ to: '/hire' });
    expect(await screen.findByText('1 request waiting to be sent')).toBeTruthy();

    insert.mockResolvedValue({ error: null, status: 201 });
    setOnline(true);
    await waitFor(() => expect(screen.queryByText('1 request waiting to be sent')).toBeNull());
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert.mock.calls[0]![0]).toMatchObject({ name: 'Lena Legal', professional_type: 'firm' });
  });

  it('shows a request the server refused with its reason; it can go back into the form or be removed', async () => {
    const queue = demoRequestQueue();
    setOnline(false);
    await queue.add({
      id: crypto.randomUUID(),
      professional_type: 'agent',
      name: 'Old Version',
      company: 'Agency Ltd',
      email: 'old@example.test',
      phone: '0207946',
      description: '',
      website: '',
      marketing: false,
      ai_name: 'Chloe',
    });
    insert.mockResolvedValue({
      error: {
        code: '23514',
        message:
          'new row for relation "demo_requests" violates check constraint "demo_requests_phone_at_least_10_chars"',
      },
      status: 400,
    });
    const { user } = renderAt('/hire');
    setOnline(true);

    const panel = await screen.findByRole('region', { name: 'A request was not accepted' });
    expect(within(panel).getByText('Phone: Please enter a valid phone number.')).toBeTruthy();
    expect(within(panel).getByText(/The server said: .*demo_requests_phone_at_least_10_chars/)).toBeTruthy();
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
    expect(insert).toHaveBeenCalledTimes(1);

    await user.click(within(panel).getByRole('button', { name: 'Correct it in the form' }));
    const toggle = screen.getByRole('button', { name: 'Request Demo' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Old Version');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('0207946');
    expect(screen.getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone')));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'A request was not accepted' })).toBeNull());
    expect(await queue.all()).toEqual([]);
  });

  it("'Remove' asks first, then deletes a refused request from the device", async () => {
    const queue = demoRequestQueue();
    setOnline(false);
    await queue.add({
      id: crypto.randomUUID(),
      professional_type: 'agent',
      name: 'To Remove',
      company: 'Agency Ltd',
      email: 'remove@example.test',
      phone: '0207946',
      description: '',
      website: '',
      marketing: false,
      ai_name: 'Chloe',
    });
    insert.mockResolvedValue({
      error: { code: '23514', message: 'violates check constraint "demo_requests_phone_at_least_10_chars"' },
      status: 400,
    });
    const { user } = renderAt('/professional-signup');
    setOnline(true);
    const panel = await screen.findByRole('region', { name: 'A request was not accepted' });
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(await queue.all()).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(await queue.all()).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'A request was not accepted' })).toBeNull());
  });

  it("toasts 'Demo request received' when a kept request is sent", async () => {
    setOnline(false);
    const { user } = renderAt('/professional-signup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('1 request waiting to be sent');
    toaster.remove();
    insert.mockResolvedValue({ error: null, status: 201 });
    setOnline(true);
    await waitFor(() => expect(toastTexts()).toEqual(["Demo request received / We'll be in touch with you soon!"]));
  });
});
