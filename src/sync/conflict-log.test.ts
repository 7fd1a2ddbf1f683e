// The conflict log keeps every value that lost, says what replaced it, and which ones the user
// has not seen yet (the header and the field ask for those).
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeLogs, logOn } from '../testing/conflict-log';
import { ConflictLog, type Exclusive, type ReplacedBy } from './conflict-log';
import { REFUSALS_MS, toNotes, withNotes } from './burst-notes';
import type { BurstOf } from './merge';

afterEach(closeLogs);

describe('ConflictLog', () => {
  it('keeps values with what replaced them, to review until seen, and keeps them after', async () => {
    const log = await logOn();
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_name', local: 'Mine', server: 'Theirs' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd2',
      [{ field: 'subscriber_phone', local: null, server: '0200' }],
      'this-device',
    );

    const all = await firstValueFrom(log.toReview$());
    expect(all.map((k) => [k.docId, k.field, k.local, k.server, k.replacedBy])).toEqual([
      ['d1', 'subscriber_name', 'Mine', 'Theirs', 'other-device'],
      ['d2', 'subscriber_phone', null, '0200', 'this-device'],
    ]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 2, toReview: 2 });
    const ofD2 = await firstValueFrom(log.toReview$({ table: 'share_subscriptions', docId: 'd2' }));
    expect(ofD2.map((k) => k.field)).toEqual(['subscriber_phone']);

    await log.review([all[0]!.id]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 2, toReview: 1 });
  });

  it('one burst is one entry: its values refused on the way are its own, and it holds the last', async () => {
    const log = await logOn();
    const since = Date.now() - 1;
    const refused = (local: string) => [{ field: 'main_contact_name', local, server: 'Theirs' }];
    await log.keep('assessments', 'a1', refused('A'), 'other-device');
    await log.keep('assessments', 'a1', refused('Al'), 'other-device');
    const burst = { id: 'form1:main_contact_name:1', since, typed: ['A', 'Al', 'Ali', 'Alic', 'Alice'] };
    await log.keep('assessments', 'a1', [{ ...refused('Alice')[0]!, burst }], 'other-device');
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.field, k.local, k.server])).toEqual([['main_contact_name', 'Alice', 'Theirs']]);
    // A refusal of one of its values told after it ended: its own too.
    await log.keep('assessments', 'a1', refused('Ali'), 'other-device');
    // The values on the way stay in the log, seen with it.
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 4, toReview: 1 });
  });

  it('the same loss kept twice (a page going, then its tab) is one entry, whenever it comes', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const log = await logOn();
      const lost = [{ field: 'number_of_shares', local: 203000, server: 103000 }];
      now.mockReturnValue(1_000_000);
      await log.keep('share_subscriptions', 'd1', lost, 'other-tab');
      now.mockReturnValue(1_010_000);
      await log.keep('share_subscriptions', 'd1', lost, 'other-tab');
      // Another value set aside a moment later, of a burst not known: an entry of its own.
      now.mockReturnValue(1_010_100);
      await log.keep('share_subscriptions', 'd1', [{ ...lost[0]!, local: 204000 }], 'other-tab');
      const kept = await firstValueFrom(log.toReview$());
      expect(kept.map((k) => k.local)).toEqual([203000, 204000]);
    } finally {
      now.mockRestore();
    }
  });

  it('refusals of a field close together are taken as one burst’s: the newer to review, both kept', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const log = await logOn();
      const refused = (local: string, at: number) => {
        now.mockReturnValue(at);
        return log.keep('assessments', 'a1', [{ field: 'office_locations', local, server: 'Of' }], 'other-device');
      };
      await refused('Office Mea', 1_000_000);
      await refused('Office Meadow 9', 1_000_000 + REFUSALS_MS - 1);
      // One further apart is another burst's.
      await refused('Office Linden 7', 1_000_000 + 3 * REFUSALS_MS);
      expect((await firstValueFrom(log.toReview$())).map((k) => k.local)).toEqual([
        'Office Meadow 9',
        'Office Linden 7',
      ]);
      expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 3, toReview: 2 });
    } finally {
      now.mockRestore();
    }
  });

  it('refusals of one burst the outbox kept, however far apart and in whatever order: one entry, its last value', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const { collection } = await logOn();
      const burst = { id: 'form1:main_contact_name:1', since: 999_000, typed: ['B', 'Be', 'Bea', 'Bea Khan'] };
      const notes = withNotes({}, toNotes({ main_contact_name: burst }));
      const log = new ConflictLog(collection, undefined, () => Promise.resolve(notes));
      const refused = (local: string, at: number) => {
        now.mockReturnValue(at);
        return log.keep('assessments', 'a1', [{ field: 'main_contact_name', local, server: 'Alex' }], 'other-device');
      };
      // A slow connection: each push refused seconds after the last, the burst long over.
      await refused('B', 1_000_000);
      await refused('Be', 1_000_000 + 3 * REFUSALS_MS);
      await refused('Bea Khan', 1_000_000 + 6 * REFUSALS_MS);
      // An earlier value told late says nothing new.
      await refused('Bea', 1_000_000 + 9 * REFUSALS_MS);
      // The form's own telling of the burst's loss (its whole burst) is the same entry.
      await log.keep(
        'assessments',
        'a1',
        [{ field: 'main_contact_name', local: 'Bea Khan', server: 'Alex', burst }],
        'other-device',
      );
      const kept = await firstValueFrom(log.toReview$());
      expect(kept.map((k) => [k.local, k.server])).toEqual([['Bea Khan', 'Alex']]);
      expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 1, toReview: 1 });
      // A value no kept burst typed is an entry of its own.
      await refused('Zed', 1_000_000 + 12 * REFUSALS_MS);
      expect((await firstValueFrom(log.toReview$())).map((k) => k.local)).toEqual(['Bea Khan', 'Zed']);
    } finally {
      now.mockRestore();
    }
  });

  it('one typing a stalled page split in two bursts is one entry, its last value; another form’s its own', async () => {
    const now = vi.spyOn(Date, 'now');
    try {
      const { collection } = await logOn();
      const first = { id: 'tab1:address:1000', since: 1_000, typed: ['R', 'Ro', 'Road', 'Road Q'] };
      const second = { id: 'tab1:address:2500', since: 2_500, typed: ['Road Qu', 'Road Qua', 'Road Quarry 7'] };
      const other = { id: 'tab2:address:2600', since: 2_600, typed: ['Lane 2'] };
      let notes = withNotes({}, toNotes({ address: first }, 1_400));
      notes = withNotes(notes, toNotes({ address: second }, 3_000));
      notes = withNotes(notes, toNotes({ address: other }, 3_100));
      const log = new ConflictLog(collection, undefined, () => Promise.resolve(notes));
      const keep = (local: string, at: number, burst?: BurstOf) => {
        now.mockReturnValue(at);
        const lost = [{ field: 'address', local, server: 'Mill Rd', burst }];
        return log.keep('share_subscriptions', 'd1', lost, 'other-device');
      };
      // The first burst's last push was merged into the next: its last refusal is part-way.
      await keep('Road Q', 4_000);
      await keep('Road Quarry 7', 9_000);
      // A push of the second burst refused late (a retry) says nothing new, nor the form's telling.
      await keep('Road Qua', 12_000);
      expect((await firstValueFrom(log.toReview$())).map((k) => k.local)).toEqual(['Road Quarry 7']);
      await keep('Road Quarry 7', 12_500, second);
      expect((await firstValueFrom(log.toReview$())).map((k) => k.local)).toEqual(['Road Quarry 7']);
      await keep('Lane 2', 13_000, other);
      expect((await firstValueFrom(log.toReview$())).map((k) => k.local)).toEqual(['Road Quarry 7', 'Lane 2']);
    } finally {
      now.mockRestore();
    }
  });

  it('a burst’s entry is its own: another writer’s loss a moment later never takes it', async () => {
    const log = await logOn();
    const since = Date.now() - 1;
    const keep = (local: unknown, by: ReplacedBy, burst?: BurstOf) =>
      log.keep('share_subscriptions', 'd1', [{ field: 'number_of_shares', local, server: 297000, burst }], by);
    // This tab typed over a value another tab had just stored (its 951000), unseen...
    const replacing = { id: 'tabB:number_of_shares:5:replaced', since, typed: [] };
    await keep(951000, 'this-tab', replacing);
    // ...and this device's own 552000, pushed, was refused a moment later (seeds 1102, 8109).
    await keep(552000, 'other-device');
    // The other tab's burst ends lost: it went through the value replaced, so that entry is its.
    await keep(951500, 'other-tab', { id: 'tabC:number_of_shares:3', since, typed: [9, 95, 951000, 951500] });
    // The replacing burst says it again as it ends: its entry has been claimed, nothing new.
    await keep(951000, 'this-tab', { ...replacing, again: true });
    // Another burst that typed the same first figures: an entry of its own.
    await keep(9, 'other-tab', { id: 'tabD:number_of_shares:4', since, typed: [9] });
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.local, k.replacedBy]).sort()).toEqual([
      [552000, 'other-device'],
      [9, 'other-tab'],
      [951500, 'other-tab'],
    ]);
    // Nothing set aside left the log: the value claimed is there, seen.
    const all = (await log.collection.find().exec()).map((e) => [JSON.parse(e.local) as number, e.reviewed]);
    expect(all.sort()).toEqual([
      [552000, false],
      [9, false],
      [951000, true],
      [951500, false],
    ]);
  });

  it('two tellings of one loss at once, from two tabs: one entry', async () => {
    const log = await logOn();
    // Another tab's log of the same database: the lock is the browser's (here, the page's chain).
    const other = new ConflictLog(log.collection);
    const lost = [{ field: 'agency_name', local: 'Agency Quarry 9', server: 'Agency Linden 8' }];
    await Promise.all([
      log.keep('assessments', 'a1', lost, 'other-device'),
      other.keep('assessments', 'a1', lost, 'other-device'),
    ]);
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.local, k.server])).toEqual([['Agency Quarry 9', 'Agency Linden 8']]);
  });

  it('two tabs keeping one entry at once, no lock between them: the one that takes it second judges it as it is then', async () => {
    // A browser without Web Locks: each tab orders only its own keeps.
    const ownChain = (): Exclusive => {
      let tail: Promise<unknown> = Promise.resolve();
      return (fn) => {
        const run = tail.then(fn, fn);
        tail = run.catch(() => undefined);
        return run;
      };
    };
    const log = new ConflictLog((await logOn()).collection, ownChain());
    const other = new ConflictLog(log.collection, ownChain());
    const since = Date.now() - 1;
    const lost = (local: string, burst: BurstOf) => [{ field: 'main_contact_name', local, server: 'Tab two!', burst }];
    const replacing = { id: 'tab2:main_contact_name:1:replaced', since, typed: [] };
    await other.keep('assessments', 'a1', lost('Tab o', replacing), 'this-tab');
    const mine = { id: 'tab1:main_contact_name:1', since, typed: ['T', 'Tab o', 'Tab one'] };
    // Both read the entry before either writes it.
    const find = log.collection.find.bind(log.collection);
    const arrived: (() => void)[] = [];
    const bothRead = () =>
      new Promise<void>((resolve) => {
        arrived.push(resolve);
        if (arrived.length === 2) arrived.forEach((r) => r());
      });
    const spy = vi.spyOn(log.collection, 'find').mockImplementation(
      (query) =>
        ({
          exec: () =>
            find(query)
              .exec()
              .then(async (found) => (await bothRead(), found)),
        }) as never,
    );
    await Promise.all([
      log.keep('assessments', 'a1', lost('Tab one', mine), 'other-tab'),
      other.keep('assessments', 'a1', lost('Tab o', { ...replacing, again: true }), 'this-tab'),
    ]);
    spy.mockRestore();
    const kept = await firstValueFrom(log.toReview$());
    expect(kept.map((k) => [k.local, k.replacedBy])).toEqual([['Tab one', 'other-tab']]);
    const all = (await log.collection.find().exec()).map((e) => [e.local, e.server, e.reviewed]);
    expect(all.sort()).toEqual([
      ['"Tab o"', '"Tab two!"', true],
      ['"Tab one"', '"Tab two!"', false],
    ]);
  });

  it('a value set aside that stands again (put back elsewhere) has nothing to review, and stays kept', async () => {
    const log = await logOn();
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_name', local: 'Name From A', server: 'B' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd1',
      [{ field: 'subscriber_phone', local: '0100', server: '0200' }],
      'other-device',
    );
    await log.keep(
      'share_subscriptions',
      'd2',
      [{ field: 'subscriber_name', local: 'Name From A', server: 'C' }],
      'other-device',
    );
    await log.standing('share_subscriptions', [{ id: 'd1', subscriber_name: 'Name From A', subscriber_phone: '0200' }]);
    const toReview = await firstValueFrom(log.toReview$());
    expect(toReview.map((k) => [k.docId, k.field]).sort()).toEqual([
      ['d1', 'subscriber_phone'],
      ['d2', 'subscriber_name'],
    ]);
    expect(await firstValueFrom(log.counts$())).toEqual({ conflicts: 3, toReview: 2 });
  });

  it('says what it is keeping and has not stored yet, until it has', async () => {
    const log = await logOn();
    const lost = [{ field: 'subscriber_name', local: 'Mine', server: 'Theirs' }];
    const keeping = log.keep('share_subscriptions', 'd1', lost, 'other-device');
    expect(log.unstored('share_subscriptions', 'd1')).toEqual([
      { table: 'share_subscriptions', docId: 'd1', lost, replacedBy: 'other-device' },
    ]);
    expect(log.unstored('share_subscriptions', 'd2')).toEqual([]);
    await keeping;
    expect(log.unstored('share_subscriptions', 'd1')).toEqual([]);
  });
});
