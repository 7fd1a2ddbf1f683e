import type { OfflineProxy } from './offline-proxy';

/** A browser of one engine, driven the same way whatever drives it (BiDi, WebDriver HTTP). */
export interface EngineDevice {
  proxy: OfflineProxy;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page; a promise it returns is awaited. */
  evaluate<T>(fn: (...args: never[]) => T | Promise<T>, ...args: unknown[]): Promise<T>;
  type(selector: string, text: string): Promise<void>;
  /** No request leaves (the proxy); where the engine can, navigator.onLine says so too. */
  setOffline(offline: boolean): Promise<void>;
  stop(): Promise<void>;
}
