// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHANGES_WAITING,
  changesWaitingOnDevice,
  changesWaitingSentence,
  forgetChangesWaiting,
  noteChangesWaiting,
} from './changes-waiting';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

afterEach(() => localStorage.clear());

describe('changes waiting on this device', () => {
  it('keeps a count per user, sums them, and leaves no key once none wait', () => {
    expect(changesWaitingOnDevice()).toBe(0);
    noteChangesWaiting(A, 2);
    noteChangesWaiting(B, 1);
    expect(changesWaitingOnDevice()).toBe(3);
    noteChangesWaiting(A, 0);
    expect(changesWaitingOnDevice()).toBe(1);
    forgetChangesWaiting(B);
    expect(changesWaitingOnDevice()).toBe(0);
    expect(localStorage.getItem(CHANGES_WAITING)).toBeNull();
  });

  it('reads anything else stored there as nothing waiting', () => {
    localStorage.setItem(CHANGES_WAITING, 'not json');
    expect(changesWaitingOnDevice()).toBe(0);
    localStorage.setItem(CHANGES_WAITING, JSON.stringify({ [A]: 'two', [B]: -1 }));
    expect(changesWaitingOnDevice()).toBe(0);
  });

  it('says them in the singular and the plural', () => {
    expect(changesWaitingSentence(1)).toBe(
      '1 change on this device has not been sent yet. It will be sent when you sign in again.',
    );
    expect(changesWaitingSentence(4)).toBe(
      '4 changes on this device have not been sent yet. They will be sent when you sign in again.',
    );
  });
});
