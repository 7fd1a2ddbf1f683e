// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError } from '../lib/chunk-error';
import { renderRoutes } from '../testing/render-routes';
import { PAGE_ERROR, PageError } from './page-error';
import { QuietBoundary } from './quiet-boundary';

const log = vi.hoisted(() => ({ logError: vi.fn() }));
vi.mock('../lib/log', () => log);

const chunkMissing = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/shareholder-x.js');

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A route whose component throws `error`, under a router whose default error page is PageError. */
function renderFailing(error: Error) {
  renderRoutes('/broken', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/broken',
      errorComponent: PageError,
      component: () => {
        throw error;
      },
    }),
  ]);
}

afterEach(() => {
  setOnline(true);
  log.logError.mockReset();
});

describe('isChunkLoadError', () => {
  it('knows what each engine and Vite say when code does not arrive, and nothing else', () => {
    expect(isChunkLoadError(chunkMissing())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('PageError', () => {
  it('a page whose code did not arrive, online: it could not load, reload; no stack, and it is logged', async () => {
    renderFailing(chunkMissing());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(PAGE_ERROR.updatedTitle);
    expect(screen.getByRole('alert').textContent).toBe(PAGE_ERROR.updated);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/Something went wrong!/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show Error' })).toBeNull();
    expect(log.logError).toHaveBeenCalledWith('A page failed', expect.any(TypeError));
  });

  it('offline: it needs a connection, and the words follow the connection', async () => {
    setOnline(false);
    renderFailing(chunkMissing());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(PAGE_ERROR.offlineTitle);
    expect(screen.getByRole('alert').textContent).toBe(PAGE_ERROR.offline);
    act(() => setOnline(true));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(PAGE_ERROR.updatedTitle);
  });

  it('any other failure: something went wrong on this page, what was saved is kept', async () => {
    renderFailing(new TypeError('Cannot read properties of undefined'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(PAGE_ERROR.failedTitle);
    expect(screen.getByRole('alert').textContent).toBe(PAGE_ERROR.failed);
  });
});

describe('QuietBoundary', () => {
  it('a background part that fails: nothing drawn in its place, the rest stays, and it is logged', () => {
    const Failing = () => {
      throw chunkMissing();
    };
    // React reports a caught error on the console as well; that is not what this test reads.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <p>The page</p>
        <QuietBoundary what="Sending the demo requests kept on this device">
          <Failing />
        </QuietBoundary>
      </>,
    );
    quiet.mockRestore();
    expect(screen.getByText('The page')).toBeTruthy();
    expect(log.logError).toHaveBeenCalledWith(
      'Sending the demo requests kept on this device could not start',
      expect.any(TypeError),
    );
  });
});
