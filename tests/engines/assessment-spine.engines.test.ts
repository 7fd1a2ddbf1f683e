// The assessment link on an agency's tablet, in the engines beside Chromium: opened once online,
// filled from step 3 on with the network cut (a proxy: Firefox's offline mode leaves the service
// worker on the network, WebKitGTK has no switch), reloaded at step 5 with nothing reachable,
// submitted offline, and in Postgres as completed once the network is back. Against the same build
// and throw-away stack as the e2e (tests/engines/global-setup.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import { newAssessment, sql } from './stack';

const status = async (token: string) =>
  (await sql<{ status: string }>('select status from agent_assessments where token = $1', [token]))[0]?.status;

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('fills the assessment from step 3 offline, keeps it through a reload, submits it, and it completes online', async () => {
    const token = await newAssessment(prefix, 'Acme Lettings');
    const tablet = await openPage(launch, opened);
    await tablet.goto(`/agent-assessment/${token}`);
    await tablet.see('Step 1 of 7: Business Details', 30_000);
    await tablet.controlled();
    await tablet.see('Step 1 of 7: Business Details');
    expect(await tablet.value('Agency Name')).toBe('Acme Lettings');
    await tablet.fill('Office Locations', 'Leeds, York');
    await tablet.fill('Number of Offices', '2');
    await tablet.fill('Main Contact Name', 'Priya Shah');
    await tablet.fill('Main Contact Phone', '0113 496 0000');
    await tablet.press('Next');
    await tablet.see('Step 2 of 7: Chloe Preferences');
    expect(await tablet.value('What should your assistant be called?')).toBe('Chloe');
    await tablet.check('Calm & Reassuring');
    await tablet.fill('Preferred greeting', 'Hello, Acme Lettings, Chloe speaking.');
    await tablet.press('Next');
    await tablet.see('Step 3 of 7: Technology Stack');

    await tablet.device.setOffline(true);
    await tablet.fill('Which CRM do you use?', 'Reapit');
    await tablet.check('Yes', 'Is your CRM cloud-based?');
    await tablet.check('Queue system');
    await tablet.check('Yes', 'Does your team use mobile devices for work?');
    await tablet.check('iPads');
    await tablet.check('WhatsApp');
    await tablet.press('Next');
    await tablet.see('Step 4 of 7: Workflow & Admin');
    await tablet.check('Rightmove');
    await tablet.check('Zoopla');
    await tablet.press('Next');
    await tablet.see('Step 5 of 7: AI Goals');
    await tablet.check('Provide 24/7 availability');
    await tablet.check('Revenue per lead');
    await tablet.until(async () => (await tablet.value('Revenue per lead')) === 'true', 'the last box checked');

    // Nothing reachable: the worker serves the page, RxDB the answers.
    await new Promise((r) => setTimeout(r, 300));
    await tablet.reload();
    await tablet.see('Step 5 of 7: AI Goals');
    expect(await tablet.value('Provide 24/7 availability')).toBe('true');
    expect(await tablet.value('Revenue per lead')).toBe('true');
    await tablet.press('Next');
    await tablet.see('Step 6 of 7: Integrations');
    await tablet.fill('Email marketing', 'Mailchimp');
    await tablet.press('Next');
    await tablet.see('Step 7 of 7: Custom Scenarios');
    await tablet.fill('How should Chloe handle valuation leads?', 'Book a valuation within 48 hours.');
    await tablet.press('Submit Assessment');
    await tablet.see('Assessment saved on this device');
    expect(await status(token)).toBe('pending');

    await tablet.device.setOffline(false);
    await expect.poll(() => status(token), { timeout: 60_000, interval: 500 }).toBe('completed');
    const [row] = await sql('select * from agent_assessments where token = $1', [token]);
    expect(row).toMatchObject({
      agency_name: 'Acme Lettings',
      office_locations: 'Leeds, York',
      number_of_offices: 2,
      main_contact_phone: '0113 496 0000',
      ai_assistant_name: 'Chloe',
      tone_of_voice: ['Calm & Reassuring'],
      crm_platform: 'Reapit',
      is_crm_cloud_based: 'yes',
      mobile_device_types: ['iPads'],
      property_portals: ['Rightmove', 'Zoopla'],
      primary_ai_goals: ['Provide 24/7 availability'],
      tracking_outcomes: ['Revenue per lead'],
      valuation_leads_script: 'Book a valuation within 48 hours.',
      last_step: 7,
    });
    await tablet.see('Thank you for completing the assessment.', 30_000);
    expect(await tablet.device.errors()).toEqual([]);
  }, 180_000);
});
