// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetLostChanges, lostChangesOf, noteLostChanges } from './changes-lost';
import { CHANGES_WAITING_IN, forgetChangesWaiting, lastWaiting, noteChangesWaiting } from './changes-waiting';

afterEach(() => localStorage.clear());

describe('where the changes waiting are', () => {
  it('keeps the database that holds them and since when, until none wait', () => {
    expect(lastWaiting('u1')).toBeNull();
    noteChangesWaiting('u1', 1, 'db-a');
    const first = lastWaiting('u1');
    expect(first).toMatchObject({ count: 1, database: 'db-a' });
    // More of them: still since the first.
    noteChangesWaiting('u1', 3, 'db-a');
    expect(lastWaiting('u1')).toEqual({ count: 3, database: 'db-a', since: first!.since });
    noteChangesWaiting('u1', 0, 'db-a');
    expect(lastWaiting('u1')).toBeNull();
    expect(localStorage.getItem(CHANGES_WAITING_IN)).toBeNull();
  });

  it('forgets them with the user’s data (sign-out)', () => {
    noteChangesWaiting('u1', 2, 'db-a');
    forgetChangesWaiting('u1');
    expect(lastWaiting('u1')).toBeNull();
  });
});

describe('changes the browser did not keep', () => {
  it('adds up until read, per user', () => {
    noteLostChanges('u1', { count: 2, since: 2000 });
    noteLostChanges('u1', { count: 1, since: 1000 });
    noteLostChanges('u2', { count: 5, since: 3000 });
    expect(lostChangesOf('u1')).toEqual({ count: 3, since: 1000 });
    forgetLostChanges('u1');
    expect(lostChangesOf('u1')).toBeNull();
    expect(lostChangesOf('u2')).toEqual({ count: 5, since: 3000 });
  });
});
