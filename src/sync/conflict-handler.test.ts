import { describe, expect, it } from 'vitest';
import { ConflictRule } from './conflict-handler';
import type { Doc } from './merge';
import type { Outbox } from './outbox';

const rules = { listFields: [], serverOwned: [] };
// Only `unanswered` is asked by the equality checks.
const outboxWith = (unanswered: boolean) => ({ unanswered: () => unanswered }) as unknown as Outbox;
const doc = { id: 'd1', title: 'Flat', _deleted: false } as Doc & { _deleted: boolean };

describe('the conflict rule’s equality', () => {
  it('compares data alone while no push is unanswered', () => {
    const rule = new ConflictRule<Doc>('t', rules, () => outboxWith(false));
    expect(rule.handler.isEqual(doc, { ...doc }, 'upstream-check-if-equal')).toBe(true);
    expect(rule.handler.isEqual(doc, { ...doc, title: 'Other' }, 'upstream-check-if-equal')).toBe(false);
  });

  it('never takes the device’s document as the assumed server state while a push is unanswered', () => {
    const rule = new ConflictRule<Doc>('t', rules, () => outboxWith(true));
    expect(rule.handler.isEqual(doc, { ...doc }, 'upstream-check-if-equal')).toBe(false);
    expect(rule.handler.isEqual(doc, { ...doc }, 'downstream-check-if-equal-0')).toBe(false);
    // The server's row against the device's, and a conflict's answer: data alone.
    expect(rule.handler.isEqual(doc, { ...doc }, 'downstream-check-if-equal-1')).toBe(true);
    expect(rule.handler.isEqual(doc, { ...doc }, 'replication-resolve-conflict')).toBe(true);
  });

  it('compares data alone before the outbox is made', () => {
    const rule = new ConflictRule<Doc>('t', rules, () => undefined);
    expect(rule.handler.isEqual(doc, { ...doc }, 'upstream-check-if-equal')).toBe(true);
  });
});
