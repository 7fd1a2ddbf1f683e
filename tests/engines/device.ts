import type { OfflineProxy } from './offline-proxy';

/** A browser of one engine, driven the same way whatever drives it (BiDi, WebDriver HTTP). */
export interface EngineDevice {
  /** Which engine: a test says where an engine is simulated rather than real. */
  engine: 'firefox' | 'webkit';
  proxy: OfflineProxy;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn` in the page; a promise it returns is awaited. */
  evaluate<T>(fn: (...args: never[]) => T | Promise<T>, ...args: unknown[]): Promise<T>;
  /** Defines `window[name]` as `fn` in this page (WebDriver's own script, not the page's eval). */
  install(name: string, fn: (...args: never[]) => unknown): Promise<void>;
  /** Real key events into the element (focused first, caret at the end). */
  type(selector: string, text: string): Promise<void>;
  /** Select-all and Backspace by keyboard, as a person empties a field. */
  clear(selector: string): Promise<void>;
  /** A real click (the element scrolled into view first). */
  click(selector: string): Promise<void>;
  /** A mouse stroke through `points`, relative to the element's top-left corner. */
  draw(selector: string, points: readonly (readonly [number, number])[]): Promise<void>;
  /** The layout viewport's size; where the engine's window cannot be that narrow, false. */
  setViewport(width: number, height: number): Promise<boolean>;
  /** No request leaves (the proxy); where the engine can, navigator.onLine says so too. */
  setOffline(offline: boolean): Promise<void>;
  /** Uncaught errors and unhandled rejections of the page since the last call. */
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}
