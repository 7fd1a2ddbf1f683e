// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { toaster } from '../../../lib/toast';
import { toastTexts } from '../../../testing/toasts';
import { useCreateAssessmentLink } from './create-assessment-link';

// The client stubbed at its module boundary: what the hook sends, and what it says.
const insert = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));

const said = toastTexts;
const create = () => renderHook(() => useCreateAssessmentLink()).result.current;

beforeEach(() => insert.mockReset().mockResolvedValue({ error: null }));
afterEach(() => {
  toaster.remove();
  vi.restoreAllMocks();
});

describe('creating an assessment link', () => {
  it('inserts a pending assessment with a new token and returns its URL', async () => {
    const url = await create()({ agencyName: ' Haus & Co ', contactEmail: 'ann@haus.test' });
    const [row] = insert.mock.calls[0] as [{ token: string; agency_name: string; main_contact_email: string }];
    expect(row).toMatchObject({ agency_name: 'Haus & Co', main_contact_email: 'ann@haus.test', status: 'pending' });
    expect(row.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url).toEqual({ url: `${window.location.origin}/agent-assessment/${row.token}` });
    expect(said()).toEqual(['Assessment Created! / Assessment token has been generated successfully.']);
  });

  it('asks for both fields, then for a valid email, at the field, before calling the server', async () => {
    expect(await create()({ agencyName: '  ', contactEmail: 'ann@haus.test' })).toEqual({
      field: 'agencyName',
      message: 'Please provide agency name and contact email.',
    });
    expect(await create()({ agencyName: 'Haus', contactEmail: 'ann@' })).toEqual({
      field: 'contactEmail',
      message: 'Please enter a valid email address.',
    });
    expect(insert).not.toHaveBeenCalled();
    // The spec's toast for missing input; a bad address is said at its field only.
    expect(said()).toEqual(['Missing Information / Please provide agency name and contact email.']);
  });

  it('puts a refused address back at its field', async () => {
    insert.mockResolvedValue({
      error: {
        message: 'agent_assessments_main_contact_email_format: the contact email is not an email address',
        code: '23514',
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await create()({ agencyName: 'Haus', contactEmail: 'ann@haus.test' })).toEqual({
      field: 'contactEmail',
      message: 'Please enter a valid email address.',
    });
    expect(said()).toEqual([]);
  });

  it('says it needs a connection when offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await create()({ agencyName: 'Haus', contactEmail: 'ann@haus.test' })).toBeNull();
    expect(insert).not.toHaveBeenCalled();
    expect(said()).toEqual([
      'Could not create the link / Creating an assessment link needs an internet connection. Connect and try again.',
    ]);
  });

  it('says what failed when the server refuses, in the documented words, and logs the reason', async () => {
    insert.mockResolvedValue({ error: { message: 'new row violates row-level security policy', code: '42501' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await create()({ agencyName: 'Haus', contactEmail: 'ann@haus.test' })).toBeNull();
    expect(said()).toEqual(['Could not create the link / Failed to create assessment. Please try again.']);
    expect(log).toHaveBeenCalledWith('Creating an assessment link failed', expect.objectContaining({ code: '42501' }));
  });
});
