import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, startChild, waitForHttp } from '../supabase/local/stack/process.mjs';
import type { StackInfo } from './stack-fixture';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/** The env `npm start` builds with, pointed at `stack`. */
export const appEnv = (stack: StackInfo): NodeJS.ProcessEnv => ({
  ...process.env,
  VITE_SUPABASE_URL: stack.apiUrl,
  VITE_SUPABASE_ANON_KEY: stack.anonKey,
  VITE_VOICE_ORIGIN: stack.voiceWsOrigin,
  VITE_VOICE_WIDGET_URL: `${stack.voiceUrl}/convai-widget-embed.js`,
});

/**
 * The production build `npm start` makes, into `outDir`. It must print nothing: what it prints,
 * `npm start` shows a newcomer before the status block, so a warning fails the run that builds.
 */
export function buildApp(env: NodeJS.ProcessEnv, outDir: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (d: Buffer) => (printed += d.toString()));
    child.stderr.on('data', (d: Buffer) => (printed += d.toString()));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`vite build exited with ${code}:\n${printed}`));
      else if (printed.trim() !== '') reject(new Error(`vite build printed what npm start would show:\n${printed}`));
      else resolve();
    });
  });
}

/**
 * `vite preview` of `outDir` on `port` (a free one unless given); stop() ends it by pid. `config`:
 * another Vite config than the app's (the e2e's answers uncompressed).
 */
export async function startPreview(env: NodeJS.ProcessEnv, outDir: string, port?: number, config?: string) {
  port ??= await freePort();
  const preview = startChild(
    'preview',
    process.execPath,
    [
      vite,
      'preview',
      ...(config ? ['--config', config] : []),
      '--outDir',
      outDir,
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: root,
      env,
    },
  );
  const url = `http://localhost:${port}`;
  try {
    await waitForHttp(url, { child: preview.child, name: 'vite preview', logs: preview.logs });
  } catch (error) {
    await preview.stop();
    throw error;
  }
  return { url, stop: () => preview.stop() };
}
