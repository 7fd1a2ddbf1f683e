// WebKitGTK (Safari's engine) from Debian (apt-get install webkit2gtk-driver xvfb): MiniBrowser
// driven by WebKitWebDriver over the W3C WebDriver HTTP API, on its own Xvfb display. Every
// request goes through the offline proxy (WebKitGTK has no network switch). Each process is
// started in its own group and stopped by it.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../supabase/local/stack/process.mjs';
import type { EngineDevice } from './device';
import { startOfflineProxy } from './offline-proxy';

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

export async function launchWebKit(): Promise<EngineDevice> {
  const proxy = await startOfflineProxy();
  const children: ChildProcess[] = [];
  try {
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
    const cmd = async (method: string, path: string, body?: Json): Promise<unknown> => {
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
    const session = (await cmd('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
          proxy: { proxyType: 'manual', httpProxy: `127.0.0.1:${proxy.port}` },
        },
      },
    })) as { sessionId: string };
    const s = `/session/${session.sessionId}`;
    await cmd('POST', `${s}/timeouts`, { script: 30_000, pageLoad: 30_000 });
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
    return {
      proxy,
      goto: async (url) => void (await cmd('POST', `${s}/url`, { url })),
      reload: async () => void (await cmd('POST', `${s}/refresh`, {})),
      evaluate,
      async type(selector, text) {
        const found = (await cmd('POST', `${s}/element`, { using: 'css selector', value: selector })) as Json;
        const id = Object.values(found)[0] as string;
        await cmd('POST', `${s}/element/${id}/value`, { text });
      },
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
