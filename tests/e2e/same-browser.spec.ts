// One browser in a hurry: two tabs of the subscription wizard saving one field within
// ~30 ms of each other, and 'Save & Continue Later' with the tab closed at once. The soak
// (sync-random.spec.ts) does both at random; here each is repeated until a loss would show.
import { expect, type Page } from '@playwright/test';
import { readCollection } from './sync-random/device';
import { signUp, sql, test } from './fixtures';

const URL = '/shareholder/subscribe';

/** The user's one draft as Postgres has it. */
async function draftIn(email: string) {
  const rows = await sql<{ subscriber_name: string | null }>(
    `select s.subscriber_name from share_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1`,
    [email],
  );
  return rows;
}

async function atStepOne(page: Page) {
  await page.goto(URL);
  const step = page.getByText(/^Step \d of 5: /).first();
  await expect(step).toBeVisible({ timeout: 20_000 });
  for (let at = Number(/Step (\d)/.exec(await step.innerText())?.[1]); at > 1; at--) {
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText(`Step ${at - 1} of 5:`)).toBeVisible();
  }
}

const LEAD_MS = 2_000;

/**
 * Types `value` into the tab's Full name at `at` (ms since the epoch, the clock every tab and this
 * process share), as a fill does (select all, insert), and answers whether the tab had not yet
 * shown the other tab's `other` when it typed: a fill sent to each tab lands whenever that tab gets
 * to it, on a loaded machine long enough apart that the first save had reached the other tab,
 * whose typing was then a plain edit over it (round 9 once kept nothing aside, rightly).
 */
function typeAt(tab: Page, value: string, other: string, at: number) {
  return tab.getByLabel('Full name', { exact: true }).evaluate(
    (input: HTMLInputElement, { value, other, at }) =>
      new Promise<boolean>((resolve) => {
        setTimeout(
          () => {
            const unseen = input.value !== other;
            input.focus();
            input.select();
            document.execCommand('insertText', false, value);
            resolve(unseen);
          },
          Math.max(0, at - Date.now()),
        );
      }),
    { value, other, at },
  );
}

/**
 * Round `round`'s two values, typed in the two tabs at once (the second 0–30 ms after the first)
 * until neither tab had shown the other's when it typed; each try takes one from `tries`. A try
 * where one tab typed over the other's value, shown to it, is an edit, not the race this test is
 * about: once both tabs show the later one, the round is typed again.
 */
async function typeBothUnseen(tabs: [Page, Page], round: number, tries: { left: number }) {
  for (let attempt = 0; ; attempt++) {
    expect(tries.left--, `round ${round}: the rounds typed unseen by the other tab within their tries`).toBeGreaterThan(
      0,
    );
    const [mine, theirs] = [`Tab one ${round}.${attempt}`, `Tab two ${round}.${attempt}`];
    const at = Date.now() + LEAD_MS;
    const unseen = await Promise.all([
      typeAt(tabs[0], mine, theirs, at),
      typeAt(tabs[1], theirs, mine, at + ((round * 7) % 31)),
    ]);
    if (unseen.every(Boolean)) return [mine, theirs] as const;
    const last = unseen[1] ? mine : theirs;
    for (const tab of tabs) await expect(tab.getByLabel('Full name', { exact: true })).toHaveValue(last);
  }
}

test('two tabs saving one field within ~30 ms: one value stands, the other is in the conflict log', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const email = await signUp(page);
  await atStepOne(page);
  await page.getByLabel('Full name', { exact: true }).fill('Start');
  await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 20_000 });
  const other = await page.context().newPage();
  await atStepOne(other);
  await expect(other.getByLabel('Full name', { exact: true })).toHaveValue('Start');

  const ROUNDS = 12;
  const tries = { left: ROUNDS * 3 };
  for (let i = 0; i < ROUNDS; i++) {
    const [mine, theirs] = await typeBothUnseen([page, other], i, tries);
    const stored = async () =>
      (await readCollection(page, 'share_subscriptions')).filter((d) => d.status === 'draft')[0]?.subscriber_name;
    // Both saves are in once one of the two is kept aside: tabs of one browser are one device, so
    // it is said as another tab's. Which tab logged it depends on which save the shared database
    // took first: the tab whose value was set aside ('other-tab'), or the one whose value replaced
    // it a moment after it was stored ('this-tab'). Until then the first save may be all there is.
    const kept = async () =>
      (await readCollection(page, 'conflict_log')).filter(
        (e) => e.field === 'subscriber_name' && [mine, theirs].includes(JSON.parse(String(e.local)) as string),
      );
    await expect.poll(async () => (await kept()).length, { message: `round ${i}: one of the two kept aside` }).toBe(1);
    const [entry] = await kept();
    expect(String(entry!.replacedBy)).toMatch(/^(other-tab|this-tab)$/);
    const setAside = JSON.parse(String(entry!.local)) as string;
    const stands = setAside === mine ? theirs : mine;
    await expect.poll(stored, { message: `round ${i}: the device holds the other` }).toBe(stands);
    // Within a second of the typing, both tabs show the one that stands, focused or not.
    for (const tab of [page, other]) await expect(tab.getByLabel('Full name', { exact: true })).toHaveValue(stands);
    expect(await kept()).toHaveLength(1);
    // And the field says its newest kept value in the words of its case (a value this tab typed
    // over too soon, 'this-tab', may be newer than the one above: the newest is the one shown).
    const said = async () => {
      const newest = (await readCollection(page, 'conflict_log'))
        .filter((e) => e.field === 'subscriber_name' && e.reviewed === false)
        .sort((a, b) => Number(a.at) - Number(b.at))
        .at(-1);
      if (!newest) return 'nothing kept';
      const [local, server] = [JSON.parse(String(newest.local)), JSON.parse(String(newest.server))] as string[];
      const words =
        newest.replacedBy === 'other-tab'
          ? `Full name: “${server}”, typed in another tab of this browser, replaced yours, “${local}”`
          : `Full name: your change, “${server}”, replaced “${local}”, typed in another tab of this browser`;
      return (await page.getByText(words).count()) + (await other.getByText(words).count()) > 0 ? 'said' : words;
    };
    await expect.poll(said, { message: `round ${i}: the newest kept value said` }).toBe('said');
    expect(await other.getByText(/another device/).count()).toBe(0);
    expect(await page.getByText(/another device/).count()).toBe(0);
  }
  // One open draft in Postgres, holding the value that stands.
  expect(await draftIn(email)).toHaveLength(1);
});

test("'Save & Continue Later' then the tab closed at once: the save reaches the account; typed then closed, kept", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const context = await browser.newContext();
  let page = await context.newPage();
  const email = await signUp(page);
  await atStepOne(page);
  await page.getByLabel('Full name', { exact: true }).fill('Before');
  await expect(page.getByText('All changes synced')).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 6; i++) {
    const name = `Saved then closed ${i}`;
    const saved = i % 2 === 0;
    await page.getByLabel('Full name', { exact: true }).fill(name);
    // Even rounds press Save first; odd ones close at once after typing, the save still being written.
    if (saved) await page.getByRole('button', { name: 'Save & Continue Later' }).click();
    // No beforeunload: a tab closed, or the browser with it.
    await page.close();
    const inAccount = () => expect.poll(async () => (await draftIn(email))[0]?.subscriber_name, { timeout: 10_000 });
    // Saved: the account has it without this device opening the app again (sent as the page went).
    if (saved) await inAccount().toBe(name);
    page = await context.newPage();
    await atStepOne(page);
    await expect(page.getByLabel('Full name', { exact: true }), `round ${i}: this device kept it`).toHaveValue(name);
    await inAccount().toBe(name);
  }
  await context.close();
});
