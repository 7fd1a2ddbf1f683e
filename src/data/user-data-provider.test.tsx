// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { DatabaseClient } from '../sync/client';

const lifecycle = vi.hoisted(() => ({ open: vi.fn(), close: vi.fn() }));
vi.mock('./user-data-lifecycle', () => ({ openUserData: lifecycle.open, closeUserData: lifecycle.close }));
const { UserDataProvider } = await import('./user-data');

describe('UserDataProvider', () => {
  it("opens the user's database only once the first page's code is in", async () => {
    lifecycle.open.mockResolvedValue({ userId: 'user-1' });
    let shown!: () => void;
    const firstPage = new Promise<void>((resolve) => (shown = resolve));
    const client = vi.fn(() => Promise.resolve({} as DatabaseClient));
    render(
      <>
        <UserDataProvider userId="user-1" client={client} after={firstPage}>
          <p>page</p>
        </UserDataProvider>
        {/* A witness with nothing to wait for: once it has opened, user-1's would have too. */}
        <UserDataProvider userId="user-2" client={client}>
          <p>page</p>
        </UserDataProvider>
      </>,
    );
    await vi.waitFor(() => expect(lifecycle.open).toHaveBeenCalledWith('user-2', {}));
    expect(lifecycle.open.mock.calls).toEqual([['user-2', {}]]);
    shown();
    await vi.waitFor(() => expect(lifecycle.open).toHaveBeenCalledWith('user-1', {}));
  });
});
