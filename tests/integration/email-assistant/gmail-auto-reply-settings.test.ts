// The gmail-auto-reply function's settings endpoint: a user saves their own auto-reply settings,
// a field another device changed since the edit is never overwritten unseen, a rule broken is
// named by its field, and only the server may run the auto-reply.
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEMPLATE, SETTINGS_MESSAGES } from '../../../supabase/functions/_shared/reply-template';
import { deleteUsers, newUser, sql } from '../fixtures';
import { LINK, saveSettings } from './gmail-auto-reply-fixtures';
import { callFunction } from './gmail-fixtures';

const created: string[] = [];
afterAll(() => deleteUsers(created));

describe('settings', () => {
  it('saves the caller’s own settings; a change of one field keeps the others', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const saved = await saveSettings(user, {
      enabled: true,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: ` ${LINK} `,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({
      enabled: true,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: LINK,
    });
    // Another device changed only the switch.
    expect((await saveSettings(user, { enabled: false })).body.settings).toMatchObject({
      enabled: false,
      reply_template: 'Hi {first_name}: {demo_link}',
      demo_link: LINK,
    });
    const { data } = await user.client
      .from('auto_reply_settings')
      .select('enabled, reply_template, demo_link')
      .single();
    expect(data).toEqual({ enabled: false, reply_template: 'Hi {first_name}: {demo_link}', demo_link: LINK });
  });

  it('a field another device changed since the edit is not overwritten unseen (409, with the settings as they are now)', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const save = (settings: Record<string, unknown>, base?: Record<string, unknown>) =>
      callFunction('gmail-auto-reply', user.session.access_token, { settings, ...(base ? { base } : {}) });
    expect((await save({ enabled: true, demo_link: 'https://first.test' })).status).toBe(200);
    // The laptop changes the link; the tablet, which saw the first link, changes it too.
    expect((await save({ demo_link: 'https://laptop.test' }, { demo_link: 'https://first.test' })).status).toBe(200);
    const refused = await save(
      { demo_link: 'https://tablet.test', enabled: false },
      { demo_link: 'https://first.test', enabled: true },
    );
    expect(refused).toEqual({
      status: 409,
      body: {
        code: 'settings_conflict',
        error:
          'The demo link was changed to https://laptop.test on another device after you edited it. Save again to keep yours.',
        field: 'demo_link',
        current: { enabled: true, reply_template: DEFAULT_REPLY_TEMPLATE, demo_link: 'https://laptop.test' },
      },
    });
    expect((await user.client.from('auto_reply_settings').select('enabled, demo_link').single()).data).toEqual({
      enabled: true,
      demo_link: 'https://laptop.test',
    });
    // Saved again on what is there now: it stands. A field changed elsewhere to the same value is no conflict.
    expect(
      (
        await save(
          { demo_link: 'https://tablet.test', enabled: false },
          { demo_link: 'https://laptop.test', enabled: true },
        )
      ).status,
    ).toBe(200);
    expect((await save({ enabled: false }, { enabled: true })).status).toBe(200);
  });

  it('two saves at the same moment of different fields both stand (each is a compare-and-set)', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const save = (settings: Record<string, unknown>, base: Record<string, unknown>) =>
      callFunction('gmail-auto-reply', user.session.access_token, { settings, base });
    expect((await save({ enabled: true, demo_link: LINK }, {})).status).toBe(200);
    for (let round = 0; round < 5; round += 1) {
      const link = `https://round-${round}.test`;
      const on = round % 2 === 0;
      const [a, b] = await Promise.all([
        save({ enabled: !on }, { enabled: on }),
        save({ demo_link: link }, { demo_link: round ? `https://round-${round - 1}.test` : LINK }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await user.client.from('auto_reply_settings').select('enabled, demo_link').single()).data).toEqual({
        enabled: !on,
        demo_link: link,
      });
    }
  });

  it('refuses what breaks a rule, with the field and the words the form shows; nothing is saved', async () => {
    const user = await newUser();
    created.push(user.user.id);
    const refused = async (settings: Record<string, unknown>, field: string, message: string) => {
      const reply = await saveSettings(user, settings);
      expect(reply.status, JSON.stringify(settings).slice(0, 80)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'invalid_settings', error: message, problems: [{ field, message }] });
    };
    await refused({ reply_template: '   ', demo_link: LINK }, 'reply_template', SETTINGS_MESSAGES.templateRequired);
    await refused(
      { reply_template: 'x'.repeat(5001), demo_link: LINK },
      'reply_template',
      SETTINGS_MESSAGES.templateTooLong,
    );
    await refused({ demo_link: 'javascript:alert(1)' }, 'demo_link', SETTINGS_MESSAGES.linkNotUrl);
    await refused({ demo_link: `https://example.com/${'a'.repeat(2048)}` }, 'demo_link', SETTINGS_MESSAGES.linkTooLong);
    for (const body of [{ settings: { enabled: 'yes' } }, { settings: {} }, { settings: 'on' }, {}]) {
      const reply = await callFunction('gmail-auto-reply', user.session.access_token, body);
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('invalid_settings');
    }
    expect((await user.client.from('auto_reply_settings').select('user_id')).data).toEqual([]);
    // A template of exactly 5,000 characters is fine.
    expect((await saveSettings(user, { reply_template: 'x'.repeat(5000), enabled: false })).status).toBe(200);
  });

  it('needs a signed-in user; only the server may run the auto-reply', async () => {
    expect((await callFunction('gmail-auto-reply', null, { settings: { enabled: true } })).status).toBe(401);
    const user = await newUser();
    created.push(user.user.id);
    expect(await callFunction('gmail-auto-reply', user.session.access_token, { action: 'process' })).toEqual({
      status: 403,
      body: { code: 'forbidden', error: 'Only the server runs the auto-reply' },
    });
  });

  it('the default template is the column default of auto_reply_settings', async () => {
    const user = await newUser();
    created.push(user.user.id);
    await sql('insert into public.auto_reply_settings (user_id) values ($1)', [user.user.id]);
    const [row] = await sql<{ reply_template: string; enabled: boolean }>(
      'select reply_template, enabled from public.auto_reply_settings where user_id = $1',
      [user.user.id],
    );
    expect(row).toEqual({ reply_template: DEFAULT_REPLY_TEMPLATE, enabled: true });
  });
});
