import path from 'node:path';
import { appEnv, buildApp, startPreview } from '../app-fixture';
import { freePort } from '../../supabase/local/stack/process.mjs';
import { startTestStack } from '../stack-fixture';
import { serveFaults } from './stack-faults';

const outDir = path.resolve(import.meta.dirname, '../../dist-e2e');

// The same build `npm start` makes, pointed at a throw-away stack; stopped even when tests fail.
export default async function globalSetup() {
  // Started already by scripts/test-browsers.mjs for the e2e and the engines together.
  if (process.env.E2E_STACK_SHARED) return async () => {};
  // The app's address is known first: it is the only one the stack lets connect Gmail.
  const appPort = await freePort();
  const stack = await startTestStack({ appOrigins: [`http://localhost:${appPort}`] });
  let preview: Awaited<ReturnType<typeof startPreview>> | undefined;
  let faults: Awaited<ReturnType<typeof serveFaults>> | undefined;
  try {
    faults = await serveFaults(stack.faults);
    process.env.E2E_FAULTS_URL = faults.url;
    // The app names the extension by the id its committed key gives it (extension/manifest.mjs).
    const env = appEnv(stack.info);
    await buildApp(env, outDir);
    preview = await startPreview(env, outDir, appPort, path.join(import.meta.dirname, 'preview.config.ts'));
    process.env.E2E_BASE_URL = preview.url;
    process.env.E2E_API_URL = stack.info.apiUrl;
    process.env.E2E_DB_URL = stack.info.adminDbUrl;
    process.env.E2E_MAIL_URL = stack.info.mailUrl;
    process.env.E2E_ANON_KEY = stack.info.anonKey;
    process.env.E2E_SERVICE_ROLE_KEY = stack.info.serviceRoleKey;
    process.env.E2E_JWT_SECRET = stack.info.jwtSecret;
    process.env.E2E_VOICE_URL = stack.info.voiceUrl;
    process.env.E2E_VOICE_API_KEY = stack.info.voiceApiKey;
    process.env.E2E_NORMAN_PASSWORD = stack.info.normanPassword;
    process.env.E2E_GOOGLE_URL = stack.info.googleUrl;
  } catch (error) {
    await preview?.stop();
    await faults?.stop();
    await stack.stop();
    throw error;
  }
  return async () => {
    await preview?.stop();
    await faults?.stop();
    await stack.stop();
  };
}
