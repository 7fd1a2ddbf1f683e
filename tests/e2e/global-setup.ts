import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, startChild, waitForHttp } from '../../supabase/local/process.mjs';
import { startTestStack } from '../stack-fixture';

const root = path.resolve(import.meta.dirname, '../..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');
const outDir = path.join(root, 'dist-e2e');

function build(env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

// The same build `npm start` makes, pointed at a throw-away stack; stopped even when tests fail.
export default async function globalSetup() {
  const stack = await startTestStack();
  let preview: ReturnType<typeof startChild> | undefined;
  try {
    const env = { ...process.env, VITE_SUPABASE_URL: stack.info.apiUrl, VITE_SUPABASE_ANON_KEY: stack.info.anonKey };
    await build(env);
    const port = await freePort();
    preview = startChild('preview', process.execPath, [vite, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: root,
      env,
    });
    const baseURL = `http://localhost:${port}`;
    await waitForHttp(baseURL, { child: preview.child, name: 'vite preview', logs: preview.logs });
    process.env.E2E_BASE_URL = baseURL;
    process.env.E2E_API_URL = stack.info.apiUrl;
    process.env.E2E_DB_URL = stack.info.dbUrl;
    process.env.E2E_ANON_KEY = stack.info.anonKey;
    process.env.E2E_SERVICE_ROLE_KEY = stack.info.serviceRoleKey;
  } catch (error) {
    await preview?.stop();
    await stack.stop();
    throw error;
  }
  return async () => {
    await preview?.stop();
    await stack.stop();
  };
}
