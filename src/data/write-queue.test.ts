import { describe, expect, it, vi } from 'vitest';
import { WriteQueue } from './write-queue';

describe('WriteQueue', () => {
  it('runs writes in order, and keeps the last failure until a write succeeds', async () => {
    const writes = new WriteQueue();
    const heard = vi.fn();
    writes.watch(heard);
    const order: number[] = [];
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await Promise.all([
      writes.run(async () => void order.push(1)),
      writes.run(() => Promise.reject(full)).catch(() => order.push(2)),
    ]);
    await writes.idle();
    expect(order).toEqual([1, 2]);
    expect(writes.failure).toBe(full);
    expect(heard).toHaveBeenCalledTimes(1);
    // A failure that follows from the first does not hide it.
    await writes
      .run(() => Promise.reject(new Error('This subscription is not on this device.')))
      .catch(() => undefined);
    expect(writes.failure).toBe(full);

    await writes.run(async () => undefined);
    await writes.idle();
    expect(writes.failure).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
