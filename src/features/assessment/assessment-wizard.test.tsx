// @vitest-environment jsdom
// The assessment wizard over a real local database (no network): answers write only themselves,
// pulled answers show, and bad numbers are said and not saved
// (docs/decisions/013-sync-never-loses-an-edit.md#forms-write-only-what-changed).
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssessmentData } from '../../data/assessment-data';
import type { AgentAssessmentDoc } from '../../data/schemas';
import { EMAIL_MESSAGE, PHONE_MESSAGE, URL_MESSAGE } from '../../lib/limits';
import { toaster } from '../../lib/toast';
import { hasUnsavedInput } from '../../lib/unsaved-input';
import { closeLocalData, localAssessmentData, trackWrites } from '../../testing/local-data';
import { toastTexts } from '../../testing/toasts';
import { EXPIRED_LINK_MESSAGE, INVALID_LINK_MESSAGE, InvalidAssessmentLink } from './assessment-page';
import { AssessmentWizard } from './assessment-wizard';
import { useAssessment } from './use-assessment';

// The invalid-link screen's 'Return to Home' is a router link; no router here.
vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  Link: ({ to, children, className }: { to: string; children: ReactNode; className?: string }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

afterEach(closeLocalData);

/** The wizard fed the live document, as the assessment page feeds it. */
function LiveWizard({ data }: { data: AssessmentData }) {
  const { doc } = useAssessment(data, true);
  return doc ? <AssessmentWizard data={data} doc={doc} /> : null;
}

/** The link's assessment on this device, unanswered, valid for a day unless `fields` say otherwise. */
const storeAssessment = (data: AssessmentData, fields: Partial<AgentAssessmentDoc> = {}) =>
  data.db.agent_assessments.insert({
    id: crypto.randomUUID(),
    token: data.token,
    expires_at: new Date(Date.now() + 864e5).toISOString(),
    status: 'pending',
    tone_of_voice: [],
    office_devices: [],
    mobile_device_types: [],
    preferred_mobile_communication: [],
    property_portals: [],
    primary_ai_goals: [],
    tracking_outcomes: [],
    current_tools: Array<string>(10).fill(''),
    ...fields,
  });

async function openAt(step: number, fields: Partial<AgentAssessmentDoc> = {}) {
  const data = await localAssessmentData();
  const doc = await storeAssessment(data, { last_step: step, ...fields });
  render(<LiveWizard data={data} />);
  const stored = async () => (await data.db.agent_assessments.findOne(doc.id).exec())!.toJSON() as AgentAssessmentDoc;
  /** As a pull writes it: straight into the stored document. */
  // As a pull writes it: with the server's newer time.
  let pulls = 0;
  const pulled = async (patch: Partial<AgentAssessmentDoc>) =>
    (await data.db.agent_assessments.findOne(doc.id).exec())!.incrementalPatch({
      serverModified: `2026-11-28 10:00:00.${String(++pulls).padStart(6, '0')}+00`,
      ...patch,
    });
  return { data, stored, pulled, user: userEvent.setup() };
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('the assessment wizard and its stored answers', () => {
  it('an answer typed is on the device at once, and leaving the page keeps it (no Next)', async () => {
    const { data, stored, user } = await openAt(1);
    await user.type(await screen.findByLabelText(/^Agency Name/), 'Haus & Haus');
    cleanup();
    await data.writes.idle();
    expect((await stored()).agency_name).toBe('Haus & Haus');
  });

  it('a tick another device made shows, and this device’s tick adds to it instead of replacing the list', async () => {
    const { stored, pulled, user } = await openAt(2);
    await screen.findByRole('checkbox', { name: 'Friendly & Casual' });
    await pulled({ tone_of_voice: ['Calm & Reassuring'] });
    await waitFor(() => expect(checkbox('Calm & Reassuring').checked).toBe(true));
    await user.click(checkbox('Friendly & Casual'));
    await waitFor(async () => expect((await stored()).tone_of_voice).toContain('Friendly & Casual'));
    expect((await stored()).tone_of_voice).toEqual(['Calm & Reassuring', 'Friendly & Casual']);
  });

  it('an untick removes only that item from a list that changed since the step opened', async () => {
    const { stored, pulled, user } = await openAt(2, { tone_of_voice: ['Friendly & Casual'] });
    await screen.findByRole('checkbox', { name: 'Friendly & Casual' });
    await pulled({ tone_of_voice: ['Friendly & Casual', 'Calm & Reassuring'] });
    await waitFor(() => expect(checkbox('Calm & Reassuring').checked).toBe(true));
    await user.click(checkbox('Friendly & Casual'));
    await waitFor(async () => expect((await stored()).tone_of_voice).toEqual(['Calm & Reassuring']));
    expect(checkbox('Friendly & Casual').checked).toBe(false);
  });

  it('a pulled text answer shows in every question the user is not typing in, focused or not', async () => {
    const { pulled, user } = await openAt(1, { agency_name: 'Acme' });
    await user.click(await screen.findByLabelText('Office Locations'));
    await pulled({ agency_name: 'Acme Lettings Ltd', office_locations: 'York' });
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>(/^Agency Name/).value).toBe('Acme Lettings Ltd'),
    );
    expect(document.activeElement).toBe(input('Office Locations'));
    await waitFor(() => expect(input('Office Locations').value).toBe('York'));
  });

  it('a question showing its default (the assistant called Chloe) still shows a pulled answer', async () => {
    const { pulled } = await openAt(2);
    const name = await screen.findByLabelText<HTMLInputElement>('What should your assistant be called?');
    expect(name.value).toBe('Chloe');
    await pulled({ ai_assistant_name: 'Linden' });
    await waitFor(() => expect(name.value).toBe('Linden'));
  });

  it('a pulled answer typed over at once was not seen: the typing replaces it, and it is kept and said', async () => {
    const { data, stored, pulled, user } = await openAt(1);
    const locations = await screen.findByLabelText<HTMLInputElement>('Office Locations');
    await pulled({ office_locations: 'York' });
    await waitFor(() => expect(locations.value).toBe('York'));
    await user.clear(locations);
    await user.type(locations, 'Leeds');
    await waitFor(async () => expect((await stored()).office_locations).toBe('Leeds'));
    const logged = async () => (await data.db.conflict_log.find().exec()).map((c) => [c.field, c.local, c.replacedBy]);
    await waitFor(async () =>
      expect(await logged()).toEqual([['office_locations', JSON.stringify('York'), 'this-device']]),
    );
    await screen.findByText(/^Office Locations: your change, “Leeds”, replaced “York”, saved on another device/);
  });

  it('a number of offices that is not a whole number, or too large, is said and never saved', async () => {
    const { stored, user } = await openAt(1, { number_of_offices: 2 });
    const offices = await screen.findByLabelText<HTMLInputElement>('Number of Offices');
    for (const [typed, message] of [
      ['abc', 'The number of offices must be a whole number, like 3'],
      ['-3', 'The number of offices must be a whole number, like 3'],
      ['2.5', 'The number of offices must be a whole number, like 3'],
      ['99999999999', 'The number of offices is too large'],
    ] as const) {
      // Entered at once (pasted): typed key by key, a valid start such as '9999' is saved first.
      await user.tripleClick(offices);
      await user.paste(typed);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(offices.getAttribute('aria-invalid')).toBe('true');
    }
    expect((await stored()).number_of_offices).toBe(2);
    // Next stays on the step until it is fixed.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await stored()).last_step).toBe(1);
    expect(input('Number of Offices').value).toBe('99999999999');
    await user.clear(offices);
    await user.type(offices, '3');
    await waitFor(async () => expect((await stored()).number_of_offices).toBe(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('what the server would refuse is said first', () => {
  it('a web address that is not http(s), or an email that is not one, is said next to it and not saved', async () => {
    const { stored, user } = await openAt(1);
    await user.type(await screen.findByLabelText('Website URL'), 'javascript:alert(1)');
    expect(await screen.findByText(URL_MESSAGE)).toBeTruthy();
    // Not saved: leaving the page (or reloading for an update) asks first.
    expect(hasUnsavedInput()).toBe(true);
    await user.type(input('Main Contact Email*'), 'jo@');
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    // An answer typed after them is stored: a write of theirs would have come with it or before.
    await user.type(input('Office Locations'), 'Leeds');
    await waitFor(async () => expect((await stored()).office_locations).toBe('Leeds'));
    expect((await stored()).website_url ?? null).toBeNull();
    expect((await stored()).main_contact_email ?? null).toBeNull();

    await user.clear(input('Website URL'));
    await user.type(input('Website URL'), 'https://agency.example');
    await user.type(input('Main Contact Email*'), 'agency.example');
    await waitFor(async () => expect((await stored()).website_url).toBe('https://agency.example'));
    await waitFor(async () => expect((await stored()).main_contact_email).toBe('jo@agency.example'));
    expect(screen.queryByText(URL_MESSAGE)).toBeNull();
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull();
    expect(hasUnsavedInput()).toBe(false);
  });

  it('an answer stops at the database’s length and says so', async () => {
    const { stored, user } = await openAt(1, { office_locations: 'x'.repeat(498) });
    const field = await screen.findByLabelText('Office Locations');
    expect(screen.queryByText('At most 500 characters')).toBeNull();
    await user.type(field, 'abcdef');
    expect((field as HTMLInputElement).value).toHaveLength(500);
    expect(await screen.findByText('At most 500 characters')).toBeTruthy();
    await waitFor(async () => expect((await stored()).office_locations).toHaveLength(500));
  });
});

describe('the link’s state', () => {
  function State({ data }: { data: AssessmentData }) {
    return <p>state: {useAssessment(data, true).state}</p>;
  }

  it('a link kept on this device that has expired is said to be expired, not unknown', async () => {
    const data = await localAssessmentData();
    await storeAssessment(data, { expires_at: new Date(Date.now() - 1000).toISOString() });
    render(<State data={data} />);
    expect(await screen.findByText('state: expired')).toBeTruthy();
  });

  it('the expired screen and toast say so in words, without a placeholder', async () => {
    render(<InvalidAssessmentLink expired />);
    expect(await screen.findByText(EXPIRED_LINK_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toContain(`Invalid or expired link / ${EXPIRED_LINK_MESSAGE}`));
    expect(EXPIRED_LINK_MESSAGE).toBe('This link has expired — ask whoever sent it to you for a new one.');
    expect(INVALID_LINK_MESSAGE).not.toContain('the product');
    toaster.remove();
  });
});

describe('submitting says what happened', () => {
  afterEach(() => {
    toaster.remove();
    vi.restoreAllMocks();
  });

  it('an answer stored before it was checked (an email that is not one) is said on its step, not submitted', async () => {
    const { stored, user } = await openAt(7, { main_contact_email: 'jo@' });
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Step 1 of 7: Business Details')).toBeTruthy();
    expect(toastTexts().join('\n')).toContain('Main Contact Email: ' + EMAIL_MESSAGE);
    expect((await stored()).status).toBe('pending');
  });

  it('an assistant whose name was cleared is submitted as Chloe', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { stored, user } = await openAt(7, { ai_assistant_name: '' });
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    await waitFor(async () => expect((await stored()).status).toBe('completed'));
    expect((await stored()).ai_assistant_name).toBe('Chloe');
  });

  it('a phone that is not one is said on its step, not submitted', async () => {
    const { stored, user } = await openAt(7, { main_contact_phone: 'abcdefghijk' });
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    expect(await screen.findByText(PHONE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Step 1 of 7: Business Details')).toBeTruthy();
    expect((await stored()).status).toBe('pending');
  });

  it('offline, Submit says the answers are saved on this device, not that it is completed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { stored, user } = await openAt(7);
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    await waitFor(() => expect(toastTexts().join('\n')).toContain('Assessment saved on this device'));
    expect(toastTexts().join('\n')).not.toContain('Assessment Completed!');
    expect((await stored()).status).toBe('completed');
  });

  it('refused by the server, the assessment is open again to correct, and the toast says why', async () => {
    const { data, stored, user } = await openAt(7);
    trackWrites(data);
    await user.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
    const id = (await stored()).id;
    await waitFor(async () => expect(await data.db.outbox.findOne(`agent_assessments:${id}`).exec()).not.toBeNull());
    await data.outbox.refuse('agent_assessments', id, {
      message: 'agent_assessments_main_contact_email_format',
      code: '23514',
      column: null,
      constraint: 'agent_assessments_main_contact_email_format',
      server: null,
      refused: await stored(),
    });
    await waitFor(() =>
      expect(toastTexts()).toContain('Could not submit the assessment / An answer is not an email address'),
    );
    await waitFor(async () => expect((await stored()).status).toBe('pending'));
  });
});
