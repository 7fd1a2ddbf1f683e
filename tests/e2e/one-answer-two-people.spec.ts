// Two people typing one answer of an assessment link at once (docs/decisions/030-two-writers-one-truth.md):
// one whole value stands, each burst of typing keeps at most one value to review, said by the
// question's label. In real Chromium against the local stack, two browser contexts.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { sql, test } from './fixtures';
import { readCollection } from './sync-random/device';

/** A burst of typing ends once its field is still this long (src/data/form-machine.ts). */
const BURST_IDLE_MS = 700;

/** From now on the page notes each value the Main Contact Name field takes as typed, and when. */
const noteTyping = (t: Page) =>
  t.evaluate(() => {
    const w = window as unknown as { typing: [number, string][] };
    w.typing = [];
    document.addEventListener(
      'input',
      (e) => {
        const input = e.target as HTMLInputElement;
        if (input.name === 'main_contact_name') w.typing.push([Date.now(), input.value]);
      },
      true,
    );
  });

/**
 * The values the field went through, and those a burst ended on: the last before a pause the app
 * may take for a burst's end. A machine loaded by other tests can stall a page mid-word: the
 * value it stalled on is then a burst's last, as it would be for a person pausing there.
 */
async function typingOn(t: Page) {
  const typing = await t.evaluate(() => (window as unknown as { typing: [number, string][] }).typing);
  const paused = (j: number) => j === typing.length - 1 || typing[j + 1]![0] - typing[j]![0] >= BURST_IDLE_MS - 100;
  return {
    went: typing.map(([, v]) => v),
    ends: typing.filter((_, j) => paused(j)).map(([, v]) => v),
    timeline: typing.map(([at, v]) => `${at}:${v}`).join(' '),
  };
}

test('two people typing one answer of an assessment link: one whole value, one kept value per burst, said by its label', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const token = `T${randomUUID().replace(/-/g, '')}`;
  await sql(`insert into agent_assessments (token) values ($1)`, [token]);
  const other = await browser.newContext();
  const tablets = [page, await other.newPage()];
  for (const t of tablets) {
    await t.goto(`/agent-assessment/${token}`);
    await expect(t.getByLabel(/^Main Contact Name/)).toBeVisible({ timeout: 20_000 });
    await noteTyping(t);
  }
  const onServer = async () =>
    (
      await sql<{ name: string | null }>('select main_contact_name as name from agent_assessments where token = $1', [
        token,
      ])
    )[0]?.name ?? null;
  for (let burst = 0; burst < 3; burst++) {
    const words = [`Alex Morgan ${burst}`, `Bea Khan ${burst}`];
    await Promise.all(
      tablets.map(async (t, i) => {
        const input = t.getByLabel(/^Main Contact Name/);
        await input.click();
        await input.press('ControlOrMeta+a');
        await input.pressSequentially(words[i]!, { delay: 25 });
      }),
    );
    // Within a second of the typing, focused, both show what Postgres holds: a whole typed value.
    await expect.poll(onServer, { timeout: 5_000 }).toMatch(/^(Alex Morgan|Bea Khan) \d$/);
    const stands = await onServer();
    expect(words).toContain(stands);
    for (const t of tablets) {
      await expect(t.getByLabel(/^Main Contact Name/)).toBeFocused();
      await expect(t.getByLabel(/^Main Contact Name/)).toHaveValue(stands!, { timeout: 2_000 });
    }
    await tablets[0]!.waitForTimeout(2_500);
  }
  // Each tablet has at most one value per burst to review: the value its burst ended on (a burst's
  // values set aside on the way stay in the log, seen); or a value of the other tablet's it typed
  // over before it could be seen (docs/decisions/023-replaced-values-announced.md).
  const typing = [await typingOn(tablets[0]!), await typingOn(tablets[1]!)];
  for (const [i, t] of tablets.entries()) {
    const all = (await readCollection(t, 'conflict_log')).filter((e) => e.field === 'main_contact_name');
    // On failure, the whole log of the field says how each value got there.
    const log = JSON.stringify(
      all.map(({ local, server, replacedBy, burst, at, reviewed }) => ({
        local,
        server,
        replacedBy,
        burst,
        at,
        reviewed,
      })),
    );
    const said = `tablet ${i}, bursts ended on ${JSON.stringify(typing[i]!.ends)} (${typing[i]!.timeline}): ${log}`;
    const kept = all.filter((e) => e.reviewed === false);
    const lost = kept.filter((e) => e.replacedBy === 'other-device');
    const replaced = kept.filter((e) => e.replacedBy !== 'other-device');
    expect(lost.length, said).toBeLessThanOrEqual(typing[i]!.ends.length);
    for (const e of lost) expect(typing[i]!.ends, said).toContain(JSON.parse(String(e.local)));
    for (const e of replaced) {
      expect(e.replacedBy, said).toBe('this-device');
      expect(typing[1 - i]!.went, said).toContain(JSON.parse(String(e.local)));
    }
  }
  // Sync details names the question as the form does.
  const withKept = (await readCollection(tablets[0]!, 'conflict_log')).length > 0 ? tablets[0]! : tablets[1]!;
  await withKept.getByRole('button', { name: 'Sync details' }).click();
  const details = withKept.getByRole('dialog', { name: 'Sync details' });
  await expect(details).toContainText('Main Contact Name:');
  await expect(details).not.toContainText('Main contact name:');
  await other.close();
});
