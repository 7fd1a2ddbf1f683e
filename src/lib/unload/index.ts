// Stands in for the `unload` package (vite.config.ts): broadcast-channel, under RxDB's leader
// election, runs its clean-up through it. The package listens to `beforeunload` and, for iframes,
// to `unload`, which Chromium has deprecated (a console warning, a failed Lighthouse audit, and a
// page the back/forward cache will not keep). The app is never framed: `beforeunload` alone, and
// nothing outside a window (Node in the tests, a worker).
import { createRegistry } from '../store';

type Listener = () => unknown;

const listeners = createRegistry<Listener>();
let listening = false;

function startListening() {
  if (listening) return;
  listening = true;
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function')
    window.addEventListener('beforeunload', () => void runAll(), true);
}

export function add(fn: Listener) {
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  startListening();
  const remove = listeners.add(fn);
  return {
    remove,
    run: () => {
      remove();
      return fn();
    },
  };
}

export function runAll() {
  const results = listeners.values().map((fn) => {
    listeners.delete(fn);
    return fn();
  });
  return Promise.all(results);
}

export function removeAll() {
  listeners.clear();
}

export function getSize() {
  return listeners.size();
}
