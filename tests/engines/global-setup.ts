// The e2e's build and stack (tests/e2e/global-setup.ts), built as Playwright's runner builds it:
// vitest sets NODE_ENV=test, which would give a development build of React and no service worker.
import e2eGlobalSetup from '../e2e/global-setup';

export default async function globalSetup() {
  const was = process.env.NODE_ENV;
  delete process.env.NODE_ENV;
  try {
    return await e2eGlobalSetup();
  } finally {
    process.env.NODE_ENV = was;
  }
}
