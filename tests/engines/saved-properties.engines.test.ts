// Saved properties in the engines beside Chromium: the list pulled once online, a property removed
// with the network cut (the offline proxy), the removal kept through an offline reload and sent as
// a soft delete once the network is back; the other property stays.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineDevice } from './device';
import { ENGINES, openPage, stopAll } from './engines';
import type { EnginePage } from './page';
import { newEmail, signUp, sql } from './stack';

/** Saved as the extension saves them: rows of the user in Postgres, pulled by the app. */
async function saved(email: string, titles: string[]) {
  const ids: string[] = [];
  for (const title of titles) {
    const id = randomUUID();
    await sql(
      `insert into saved_properties (id, user_id, title, address, price, bedrooms, property_type)
       select $1, id, $3, '3 Mill Lane, Harrogate HG1 2AB', 525000, 2, 'Flat' from auth.users where email = $2`,
      [id, email, title],
    );
    ids.push(id);
  }
  return ids;
}

const deleted = async (ids: string[]) =>
  Object.fromEntries(
    (
      await sql<{ id: string; _deleted: boolean }>(
        'select id, _deleted from saved_properties where id = any($1::uuid[])',
        [ids],
      )
    ).map((r) => [r.id, r._deleted]),
  );

/** The titles of the cards in the list (the removal toast names the property too). */
const cards = (page: EnginePage) =>
  page.device.evaluate(() =>
    [...document.querySelectorAll('[aria-label="Saved properties"] h2')].map((h) => h.textContent?.trim()),
  );

describe.each(ENGINES)('%s', (_name, prefix, launch) => {
  const opened: EngineDevice[] = [];
  afterEach(() => stopAll(opened));

  it('removes a property offline, keeps the removal through a reload, and syncs it as a soft delete', async () => {
    const page = await openPage(launch, opened);
    const email = newEmail(prefix);
    await signUp(page, email);
    const [flat, house] = await saved(email, ['2 bed flat, Clapham', '4 bed detached house']);
    await page.goto(`/saved-properties`);
    await page.controlled();
    await page.see('2 bed flat, Clapham');
    await page.see('4 bed detached house');
    await page.see('All changes synced');

    await page.device.setOffline(true);
    await page.press('Remove 4 bed detached house');
    await page.see('Property removed');
    await page.until(async () => (await cards(page)).join() === '2 bed flat, Clapham', 'the card to go');
    await page.see('1 change waiting');

    await page.reload();
    await page.see('2 bed flat, Clapham');
    await page.see('1 change waiting');
    expect(await cards(page)).toEqual(['2 bed flat, Clapham']);
    expect(await deleted([flat!, house!])).toEqual({ [flat!]: false, [house!]: false });

    await page.device.setOffline(false);
    await expect
      .poll(() => deleted([flat!, house!]), { timeout: 60_000, interval: 500 })
      .toEqual({ [flat!]: false, [house!]: true });
    await page.see('All changes synced', 30_000);
    await page.gone('change waiting');
    expect(await page.device.errors()).toEqual([]);
  }, 180_000);
});
