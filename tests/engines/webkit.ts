// WebKitGTK (Safari's engine) from Debian (apt-get install webkit2gtk-driver xvfb): MiniBrowser
// driven by WebKitWebDriver over the W3C WebDriver HTTP API, on its own Xvfb display. Every
// request goes through the offline proxy (WebKitGTK has no network switch). Each process is
// started in its own group and stopped by it.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../supabase/local/stack/process.mjs';
import type { EngineDevice } from './device';
import { startOfflineProxy, type ProxyOptions } from './offline-proxy';

export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Json = Record<string, unknown>;

function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return spawn(command, args, { detached: true, stdio: 'ignore', env: { ...process.env, ...env } });
}
const stopGroup = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // gone already
  }
};

type Command = (method: string, path: string, body?: Json) => Promise<unknown>;

/** Xvfb, and WebKitWebDriver on its display: the driver's address, once it answers (or 10 s on). */
async function startDriver(children: ChildProcess[]) {
  const display = `:${100 + Math.floor(Math.random() * 800)}`;
  children.push(start('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp']));
  const port = await freePort();
  children.push(start('WebKitWebDriver', [`--port=${port}`], { DISPLAY: display }));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${base}/status`).then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(50);
  }
  return base;
}

/** A W3C WebDriver command to the driver at `base`: its value, or its error thrown. */
function commands(base: string): Command {
  return async (method, path, body) => {
    const reply = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const { value } = (await reply.json()) as { value: unknown };
    const error = value as { error?: string; message?: string } | null;
    if (error?.error) throw new Error(`WebDriver ${error.error}: ${error.message}`);
    return value;
  };
}

/** MiniBrowser's session, every request through the proxy on `proxyPort`: its path. */
async function openSession(cmd: Command, proxyPort: number) {
  const session = (await cmd('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${proxyPort}` },
      },
    },
  })) as { sessionId: string };
  const s = `/session/${session.sessionId}`;
  await cmd('POST', `${s}/timeouts`, { script: 30_000, pageLoad: 30_000 });
  return s;
}

/** What the device's methods do in the session `s`: scripts, elements, keys. */
function sessionTools(cmd: Command, s: string) {
  const evaluate = async <T>(fn: (...args: never[]) => T | Promise<T>, ...args: unknown[]): Promise<T> => {
    const result = (await cmd('POST', `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1];
          Promise.resolve((${fn.toString()}).apply(null, Array.from(arguments).slice(0, -1)))
            .then((ok) => done({ ok }), (e) => done({ err: String((e && e.stack) || e) }));`,
      args,
    })) as { ok?: T; err?: string };
    if (result.err !== undefined) throw new Error(`in the page: ${result.err}`);
    return result.ok as T;
  };
  const element = async (selector: string) => {
    const found = (await cmd('POST', `${s}/element`, { using: 'css selector', value: selector })) as Json;
    return Object.values(found)[0] as string;
  };
  // No console over WebKit's WebDriver: the page keeps its own list from each load on (errors
  // thrown before the hook is in are not seen; Firefox's list has them).
  const listenForErrors = () =>
    evaluate(() => {
      const w = window as unknown as { __engineErrors?: string[] };
      if (w.__engineErrors) return;
      const seen: string[] = (w.__engineErrors = []);
      addEventListener('error', (e) => seen.push(String(e.error ?? e.message)));
      addEventListener('unhandledrejection', (e) => seen.push(String(e.reason)));
    });
  const keys = async (selector: string, text: string) =>
    void (await cmd('POST', `${s}/element/${await element(selector)}/value`, { text }));
  return { cmd, s, evaluate, element, listenForErrors, keys };
}

type Tools = ReturnType<typeof sessionTools>;

/** A real click on `selector`, once the control is there to be clicked. */
async function clickSettled({ cmd, s, element, evaluate }: Tools, selector: string) {
  // A control still sliding in (a toast) is 'not interactable' for a moment, and one under a
  // fixed toast at the window's edge is 'intercepted': as a person waits for it to settle or
  // scrolls it to the middle, so does this, briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      return void (await cmd('POST', `${s}/element/${await element(selector)}/click`, {}));
    } catch (error) {
      if (attempt >= 10 || !/not interactable|intercepted/.test(String(error))) throw error;
      await evaluate((sel: string) => document.querySelector(sel)?.scrollIntoView({ block: 'center' }), selector);
      await sleep(300);
    }
  }
}

/** A mouse stroke through `points`: WebDriver pointer actions, eight moves between two points. */
async function drawStroke(
  { cmd, s, element, evaluate }: Tools,
  selector: string,
  points: readonly (readonly [number, number])[],
) {
  const id = await element(selector);
  const size = await evaluate((sel: string) => {
    const el = document.querySelector(sel)!;
    el.scrollIntoView({ block: 'center' });
    const box = el.getBoundingClientRect();
    return { w: box.width, h: box.height };
  }, selector);
  // Offsets from the element's centre, as WebDriver's element origin counts them.
  const at = ([x, y]: readonly [number, number]) => ({
    type: 'pointerMove',
    duration: 10,
    origin: { 'element-6066-11e4-a52e-4f735466cecf': id },
    x: Math.round(x - size.w / 2),
    y: Math.round(y - size.h / 2),
  });
  const [first, ...rest] = points;
  if (!first) return;
  const moves: Json[] = [at(first), { type: 'pointerDown', button: 0 }];
  let last = first;
  for (const point of rest) {
    for (let i = 1; i <= 8; i++) {
      moves.push(at([last[0] + ((point[0] - last[0]) * i) / 8, last[1] + ((point[1] - last[1]) * i) / 8]));
    }
    last = point;
  }
  moves.push({ type: 'pointerUp', button: 0 });
  await cmd('POST', `${s}/actions`, {
    actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: moves }],
  });
  await cmd('DELETE', `${s}/actions`);
}

export async function launchWebKit(options: ProxyOptions = {}): Promise<EngineDevice> {
  const proxy = await startOfflineProxy(options);
  const children: ChildProcess[] = [];
  try {
    const cmd = commands(await startDriver(children));
    const tools = sessionTools(cmd, await openSession(cmd, proxy.port));
    const { s, evaluate, listenForErrors, keys } = tools;
    return {
      engine: 'webkit',
      proxy,
      async goto(url) {
        await cmd('POST', `${s}/url`, { url });
        await listenForErrors();
      },
      async reload() {
        await cmd('POST', `${s}/refresh`, {});
        await listenForErrors();
      },
      evaluate,
      install: async (name, fn) =>
        void (await cmd('POST', `${s}/execute/sync`, {
          script: `window[${JSON.stringify(name)}] = ${fn.toString()};`,
          args: [],
        })),
      type: keys,
      // Control is a toggle in WebDriver's key text: down, 'a', up, then Backspace.
      clear: (selector) => keys(selector, '\uE009a\uE009\uE003'),
      click: (selector) => clickSettled(tools, selector),
      draw: (selector, points) => drawStroke(tools, selector, points),
      async setViewport(width, height) {
        await cmd('POST', `${s}/window/rect`, { width, height });
        return (await evaluate(() => innerWidth)) === width;
      },
      errors: () =>
        evaluate(() => {
          const w = window as unknown as { __engineErrors?: string[] };
          return (w.__engineErrors ?? []).splice(0);
        }),
      setOffline: async (offline) => proxy.setOffline(offline),
      async stop() {
        await cmd('DELETE', s).catch(() => undefined);
        children.reverse().forEach(stopGroup);
        await proxy.stop();
      },
    };
  } catch (error) {
    children.reverse().forEach(stopGroup);
    await proxy.stop();
    throw error;
  }
}
