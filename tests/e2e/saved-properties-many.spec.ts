// Hundreds of saved properties (5,000 are measured by `npm run bench`): searched, sorted
// and drawn as the reader goes, by keyboard, fitting every width with a 200-character word.
import { expect } from '@playwright/test';
import { checkState, LONG_WORD, userId } from './fit-and-a11y-fixtures';
import { ONLINE_ONLY, signUp, sql, test } from './fixtures';

test.use(ONLINE_ONLY);

const MANY = 300;

test('hundreds of saved properties: drawn as the reader goes, searched and sorted by keyboard, removed', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const email = await signUp(page);
  const id = await userId(email);
  await sql(
    `insert into public.saved_properties (user_id, title, address, price, bedrooms, key_features, created_at)
     select $1, 'House ' || n, n || ' Station Road, York YO1 7HH', 100000 + n * 1000, 1 + n % 4,
            array['Garden'], now() - make_interval(mins => n)
       from generate_series(1, $2::int) as n`,
    [id, MANY - 1],
  );
  await sql(
    `insert into public.saved_properties (user_id, title, address, price, key_features, agent_name, created_at)
     values ($1, $2, '1 Mill Lane, Harrogate HG1 2AB', null, array[$2], $2, now() - interval '1 day')`,
    [id, LONG_WORD(200)],
  );

  await page.goto('/saved-properties');
  await expect(page.getByText(`${MANY} properties, newest first.`)).toBeVisible({ timeout: 20_000 });
  const list = page.getByRole('list', { name: 'Saved properties' });
  // The cards, not the lists inside them (facts, features).
  const cards = list.locator(':scope > li');
  // The first cards, not all of them, and a way to more that a keyboard reaches.
  expect(await cards.count()).toBeLessThan(MANY);
  const more = page.getByRole('button', { name: /^Show \d+ more$/ });
  await expect(page.getByText(new RegExp(`^Showing \\d+ of ${MANY}$`))).toBeVisible();
  await checkState(page, `/saved-properties with ${MANY}`);

  await page.evaluate(() => window.scrollTo(0, 0));
  const before = await cards.count();
  await more.focus();
  await page.keyboard.press('Enter');
  // Focusing the button scrolled to it, which may draw another page as it nears the end.
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(before + 24);
  await expect(more, 'focus stays on the button, for the next page').toBeFocused();

  // Scrolling near the end draws more, up to all of them.
  for (let i = 0; i < 40 && (await cards.count()) < MANY; i++) await page.mouse.wheel(0, 4000);
  await expect(cards).toHaveCount(MANY);
  await expect(more).toHaveCount(0);

  // Keyboard only: from the heading, Tab reaches the search, then the order.
  await page.getByRole('heading', { name: 'Saved Properties', level: 1 }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Search saved properties')).toBeFocused();
  await page.keyboard.type('harrogate mill');
  await expect(page.getByText(`1 of ${MANY} properties match “harrogate mill”.`)).toBeVisible();
  await expect(cards).toHaveCount(1);
  await checkState(page, 'a search finding the property with 200-character words');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Sort')).toBeFocused();
  // A closed select steps through its options with the arrow keys: Newest, Oldest, lowest, highest.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await expect(page.getByText(`${MANY} properties, price, highest first.`)).toBeVisible();
  await page.getByLabel('Search saved properties').fill('');
  await expect(list.getByRole('heading', { level: 2 }).first()).toHaveText(`House ${MANY - 1}`);

  await page.getByLabel('Search saved properties').fill('zzzz');
  await expect(page.getByText('No saved property matches “zzzz”.')).toBeVisible();
  await expect(list).toHaveCount(0);
  await checkState(page, 'a search finding nothing');

  // Removing one of hundreds: gone here, soft-deleted in Postgres.
  await page.getByLabel('Search saved properties').fill('');
  await page.getByRole('button', { name: 'Remove House 299' }).click();
  await expect(page.getByText(`${MANY - 1} properties, price, highest first.`)).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await sql<{ d: boolean }>(
            `select _deleted as d from public.saved_properties where title = 'House 299' and user_id = $1`,
            [id],
          )
        )[0]?.d,
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
});
