import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { renderRoutes } from '../../testing/render-routes';
import { NotFoundPage } from './not-found-page';

afterEach(() => vi.restoreAllMocks());

function renderAt(path: string) {
  return renderRoutes(
    path,
    (root) => [createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> })],
    {
      notFoundComponent: NotFoundPage,
    },
  );
}

describe('NotFoundPage', () => {
  it('says the page was not found and logs the unknown path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(log).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page');
  });

  it("links back home with 'Return to Home'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderAt('/missing');
    const link = await screen.findByRole('link', { name: 'Return to Home' });
    expect(link.getAttribute('href')).toBe('/');

    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('Home')).toBeTruthy();
  });
});
