import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useServerQuery } from './use-server-query';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('useServerQuery', () => {
  it('loads on mount, and keeps the last answer with the error when a reload fails', async () => {
    const answers = [deferred<string[]>(), deferred<string[]>()];
    let call = 0;
    const load = () => answers[call++]!.promise;
    const { result } = renderHook(() => useServerQuery(load));
    expect(result.current).toMatchObject({ loading: true, data: undefined, error: null });

    await act(async () => answers[0]!.resolve(['a']));
    expect(result.current).toMatchObject({ loading: false, data: ['a'], error: null });

    let reloading!: Promise<void>;
    act(() => void (reloading = result.current.reload()));
    expect(result.current.loading).toBe(true);
    await act(async () => {
      answers[1]!.reject({ message: 'Failed to fetch' });
      await reloading;
    });
    expect(result.current).toMatchObject({ loading: false, data: ['a'], error: 'Failed to fetch' });
  });

  it('drops an answer that arrives after a newer request started', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const queue = [slow, fast];
    const load = () => queue.shift()!.promise;
    const { result } = renderHook(() => useServerQuery(load));
    act(() => void result.current.reload());
    await act(async () => fast.resolve('new'));
    await act(async () => slow.resolve('old'));
    await waitFor(() => expect(result.current.data).toBe('new'));
  });
});
