// @vitest-environment jsdom
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoute } from '@tanstack/react-router';
import { renderRoutes } from '../../testing/render-routes';
import { NotFoundPage } from './not-found-page';

afterEach(() => vi.restoreAllMocks());

function renderAt(path: string, wrap?: (children: ReactNode) => ReactNode) {
  return renderRoutes(
    path,
    (root) => [createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> })],
    {
      notFoundComponent: NotFoundPage,
      wrap,
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

  it('logs once per visit, without the query string or a token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    // As in the app: StrictMode runs every effect twice.
    const { router } = renderAt(
      '/agent-assessment/3f9c1e7a2b4d4c0e9a8b7c6d5e4f3a2b/old?email=ann@example.test',
      (app) => <StrictMode>{app}</StrictMode>,
    );
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    await router.invalidate();
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(
        '404 Error: User attempted to access non-existent route:',
        '/agent-assessment/:redacted/old',
      ),
    );
    expect(log).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.mock.calls)).not.toContain('ann@example.test');

    // A new visit of another unknown path is logged.
    await router.navigate({ to: '/elsewhere' as '/' });
    await waitFor(() => expect(log).toHaveBeenCalledTimes(2));
    expect(log).toHaveBeenLastCalledWith('404 Error: User attempted to access non-existent route:', '/elsewhere');
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
