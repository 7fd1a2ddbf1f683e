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
      <UserDataProvider userId="user-1" client={client} after={firstPage}>
        <p>page</p>
      </UserDataProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(lifecycle.open).not.toHaveBeenCalled();
    shown();
    await vi.waitFor(() => expect(lifecycle.open).toHaveBeenCalledWith('user-1', {}));
  });
});
