// The email assistant's Settings tab in Chromium against the built app and the real function:
// the preview, bad input named by its field, two devices editing at once, and an edit saved offline.
import { expect } from '@playwright/test';
import { controlledByServiceWorker, signIn, signUp, sql, test } from './fixtures';

test.describe('Settings', () => {
  test('the preview follows the template; bad input is named by its field; saved settings come back', async ({
    page,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    const template = page.getByLabel('Reply template');
    await expect(template).toHaveValue(/^Hi \{first_name\},/);
    await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).toBeChecked();
    const preview = page.getByTestId('reply-preview');
    await expect(preview).toContainText('Hi Sarah,');
    await expect(preview).toContainText('https://example.com/book-a-demo');

    // Saved without a link, the default template is refused with the field named.
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Add your demo link, or take {demo_link} out of the template.')).toBeVisible();
    await expect(page.getByLabel('Demo link')).toBeFocused();
    await page.getByLabel('Demo link').fill('not a link');
    await expect(page.getByText('Enter a web address starting with http:// or https://')).toBeVisible();

    // 10,000 characters pasted: the field keeps 5,000 and says why.
    await template.fill('x'.repeat(10_000));
    await expect(template).toHaveValue('x'.repeat(5000));
    await expect(page.getByText('At most 5,000 characters.')).toBeVisible();

    await template.fill('Hello {first_name}, {first_name}! Book here: {demo_link}');
    await page.getByLabel('Demo link').fill('https://calendly.com/us/demo');
    await expect(preview).toHaveText('Hello Sarah, {first_name}! Book here: https://calendly.com/us/demo');
    await page.getByRole('switch', { name: 'Enable auto-reply' }).click({ force: true });
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    expect(
      await sql(
        'select enabled, reply_template, demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      ),
    ).toEqual([
      {
        enabled: false,
        reply_template: 'Hello {first_name}, {first_name}! Book here: {demo_link}',
        demo_link: 'https://calendly.com/us/demo',
      },
    ]);
    await page.reload();
    await expect(page.getByLabel('Reply template')).toHaveValue(
      'Hello {first_name}, {first_name}! Book here: {demo_link}',
    );
    await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).not.toBeChecked();
  });

  test('two devices: the other device’s save is kept, and a field both changed is not overwritten unseen', async ({
    page,
    context,
    browser,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByLabel('Reply template')).toBeVisible();
    const other = await signIn(browser, email);
    const settings = () =>
      sql(
        'select enabled, reply_template, demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      );
    try {
      await other.page.goto('/dashboard?tab=settings');
      await expect(other.page.getByLabel('Reply template')).toBeVisible();

      // The tablet goes offline, turns the auto-reply off and changes the link; the laptop, online,
      // changes the template and the link.
      await context.setOffline(true);
      await page.getByRole('switch', { name: 'Enable auto-reply' }).click({ force: true });
      await page.getByLabel('Demo link').fill('https://tablet.example/book');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText(/waiting to be sent when you are back online/)).toBeVisible();
      await other.page.getByLabel('Reply template').fill('From the laptop: {demo_link}');
      await other.page.getByLabel('Demo link').fill('https://laptop.example/book');
      await other.page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(other.page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();

      // The tablet comes back: the link was changed on the laptop since, so nothing is overwritten
      // unseen; the tablet's edit waits, named by its field, over the laptop's settings.
      const conflict =
        'The demo link was changed to https://laptop.example/book on another device after you edited it. Save again to keep yours.';
      await context.setOffline(false);
      await expect(page.getByText(conflict).first()).toBeVisible();
      expect(await settings()).toEqual([
        { enabled: true, reply_template: 'From the laptop: {demo_link}', demo_link: 'https://laptop.example/book' },
      ]);
      await page.reload();
      await expect(page.getByLabel('Reply template')).toHaveValue('From the laptop: {demo_link}');
      await expect(page.getByLabel('Demo link')).toHaveValue('https://tablet.example/book');
      await expect(page.getByRole('switch', { name: 'Enable auto-reply' })).not.toBeChecked();
      await expect(page.getByText(conflict).first()).toBeVisible();

      // Saved again on purpose: the tablet's changes stand, the laptop's template too.
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
      expect(await settings()).toEqual([
        { enabled: false, reply_template: 'From the laptop: {demo_link}', demo_link: 'https://tablet.example/book' },
      ]);
      await expect(page.getByText(/waiting to be sent|Not saved:/)).toBeHidden();
    } finally {
      await other.context.close();
    }
  });

  test('an edit saved offline is kept through a reload and sent when the connection returns, from another page', async ({
    page,
    context,
  }) => {
    const email = await signUp(page);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByLabel('Reply template')).toBeVisible();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.getByLabel('Demo link').fill('https://offline.example/book');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Your auto-reply settings will be saved when you are back online.')).toBeVisible();
    await expect(page.getByText(/waiting to be sent when you are back online/)).toBeVisible();

    // Closed and opened again, still offline: the edit is there, and the page says how old its copy is.
    await page.reload();
    await expect(page.getByLabel('Demo link')).toHaveValue('https://offline.example/book');
    await expect(page.getByText(/^Offline: showing your settings as loaded on /)).toBeVisible();
    const settingsOf = () =>
      sql<{ demo_link: string | null }>(
        'select demo_link from public.auto_reply_settings s join auth.users u on u.id = s.user_id where u.email = $1',
        [email],
      );
    expect(await settingsOf()).toEqual([]);

    // The user moves on; the connection comes back while another page is open.
    await page.goto('/saved-properties');
    await expect(page.getByRole('heading', { name: 'Saved Properties', level: 1 })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText('Auto-reply settings have been updated successfully')).toBeVisible();
    expect(await settingsOf()).toEqual([{ demo_link: 'https://offline.example/book' }]);
    await page.goto('/dashboard?tab=settings');
    await expect(page.getByText(/waiting to be sent/)).toBeHidden();
    await expect(page.getByLabel('Demo link')).toHaveValue('https://offline.example/book');
  });
});
