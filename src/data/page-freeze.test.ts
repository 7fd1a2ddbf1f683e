// A page frozen in the back/forward cache holds no IndexedDB connection (WebKit would let it block
// every later page of the origin; tests/engines/ show it there), and reloads when shown again.
import { describe, expect, it, vi } from 'vitest';
import { releaseOnPageFreeze, trackedIndexedDB } from './page-freeze';

function opened(factory: IDBFactory, name: string) {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore('docs');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
}

const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) => {
  const event = new Event(type) as Event & { persisted: boolean };
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
};

describe('connections of a page going into the back/forward cache', () => {
  it('are closed when the page is kept in the cache, and the page reloads when shown again', async () => {
    const win = new EventTarget() as unknown as Window;
    const reload = vi.fn();
    releaseOnPageFreeze(win, reload);
    const db = await opened(trackedIndexedDB(), `freeze-${Math.random()}`);
    expect(() => db.transaction('docs', 'readonly')).not.toThrow();

    win.dispatchEvent(transition('pagehide', true));
    // A closed connection starts no transaction: it holds no store for the next page.
    expect(() => db.transaction('docs', 'readonly')).toThrow(/closed|InvalidState/i);
    win.dispatchEvent(transition('pageshow', true));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('give up a transaction still in flight, so it holds no store for the next page', async () => {
    const win = new EventTarget() as unknown as Window;
    releaseOnPageFreeze(win, vi.fn());
    const db = await opened(trackedIndexedDB(), `freeze-${Math.random()}`);
    const tx = db.transaction('docs', 'readwrite');
    tx.objectStore('docs').put('draft', 'k');
    const ended = new Promise<string>((resolve) => {
      tx.oncomplete = () => resolve('complete');
      tx.onabort = () => resolve('abort');
    });
    win.dispatchEvent(transition('pagehide', true));
    expect(await ended).toBe('abort');
  });

  it('stay open when the page is unloaded for good or only hidden, and a first show reloads nothing', async () => {
    const win = new EventTarget() as unknown as Window;
    const reload = vi.fn();
    releaseOnPageFreeze(win, reload);
    const db = await opened(trackedIndexedDB(), `freeze-${Math.random()}`);
    win.dispatchEvent(transition('pageshow', false));
    win.dispatchEvent(transition('pagehide', false));
    expect(() => db.transaction('docs', 'readonly')).not.toThrow();
    win.dispatchEvent(transition('pageshow', true));
    expect(reload).not.toHaveBeenCalled();
    db.close();
  });
});
