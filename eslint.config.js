// @ts-check
// Lint for the whole repo: typescript-eslint with type information, React hooks, and the layer
// boundaries of docs/architecture.md as rules that fail `npm test`. Formatting is Prettier's.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The most lines a source file may have (tests included; generated files excepted). */
export const MAX_LINES = 300;

/** The boundaries, each with what to do instead (rule: import-x/no-restricted-paths). */
export const BOUNDARY_MESSAGES = {
  feature:
    'A feature may not import another feature. Move what both need to src/ui, src/lib or src/data, or compose the two in a route.',
  featureToRoute:
    'Features are composed by routes, never the other way round: take what the route knows as a prop or from the router context.',
  lowerLayer:
    'src/data, src/sync, src/lib and src/ui sit below the features and routes: take what you need as an argument or prop, or move the shared piece down into this layer.',
  uiToData:
    'src/ui only draws what it is given: take the values as props and let a feature read them from src/data (or src/sync).',
  syncToData:
    'src/sync is the sync engine: it knows RxDB, the Supabase client and the rules it is handed, nothing of the app’s own tables or hooks. Take what you need as an argument (a collection, its TableRules), or keep the piece in src/data.',
  libToData:
    'src/lib holds small pieces with no knowledge of the local database or the sync: take what you need as an argument, or move the piece up into src/data or src/sync.',
  generated:
    'src/generated is written by tools (the database types from the migrations, the route tree from src/routes): it imports nothing else of the app. Change its source and regenerate.',
  extension:
    'The browser extension and the app are built and shipped apart: the extension takes only the database types from src (src/generated/database.types.ts), and the app nothing from extension/. Share through the database and the messages of extension/src/messages.ts.',
  cycle:
    '— break the cycle: move what both modules need into a third module that imports neither, or pass it in as an argument.',
};

/** What only tests import (rule: no-restricted-imports), and what to do instead. */
export const TEST_ONLY = ['vitest', '@testing-library/*', 'fake-indexeddb', '**/testing/*'];
export const TEST_ONLY_MESSAGE =
  'Only tests import a test runner, a test library or a test helper: move this helper into a testing/ folder (src/testing, or one beside the service it tests) or into the test file.';

// ---------------------------------------------------------------------------------------------
// The local stack and the tools a person runs (ADR 018). Imports go one way:
//   scripts/  (npm start, staff, gen:types, build:extension)
//     → supabase/local/stack/  (starts, wires, supervises and stops the parts)
//       → supabase/local/services/<name>/  (one stand-in each: auth, mail, voice, google)
//         → supabase/local/shared/  (settings, keys, the HTTP helpers)
// and the app, the extension and the service worker import none of it.
// ---------------------------------------------------------------------------------------------
const localServices = readdirSync(path.join(root, 'supabase/local/services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The local stack's boundaries, each with what to do instead (rule: import-x/no-restricted-paths). */
export const STACK_BOUNDARY_MESSAGES = {
  stackToScripts:
    'The local stack never imports scripts/: the tools a person runs use the stack, not the other way round. Move what both need into supabase/local (stack/ or shared/), or let the tool pass it in as an option.',
  service:
    'A stand-in service may not import another: each one can change alone. Move what both need to supabase/local/shared, or let the stack wire them together (it hands the mail service’s mailbox to auth).',
  serviceToStack:
    'A stand-in service does not know how the stack starts, supervises or routes to it: take ports, keys and the log as options of its start function, and helpers from supabase/local/shared.',
  shared:
    'supabase/local/shared sits below the stack and the services (and, like all of supabase/local, below the tools): take what you need as an argument, or move the shared piece down into shared/.',
  appToTools:
    'The app, the extension and the service worker run in a browser and never import the local stack or scripts/: reach the stack over HTTP, at the addresses the build is given (VITE_*).',
};

const stackZones = [
  { target: 'supabase/local', from: 'scripts', message: STACK_BOUNDARY_MESSAGES.stackToScripts },
  // Every folder of supabase/local/services is its own island, as the features are.
  ...localServices.map((service) => ({
    target: `supabase/local/services/${service}`,
    from: 'supabase/local/services',
    except: [`./${service}`],
    message: STACK_BOUNDARY_MESSAGES.service,
  })),
  { target: 'supabase/local/services', from: 'supabase/local/stack', message: STACK_BOUNDARY_MESSAGES.serviceToStack },
  {
    target: 'supabase/local/shared',
    from: ['supabase/local/stack', 'supabase/local/services'],
    message: STACK_BOUNDARY_MESSAGES.shared,
  },
];

/** Applied where the app, the extension and the service worker are linted. */
const appToToolsZones = [
  {
    target: ['src', 'extension', 'sw'],
    from: ['scripts', 'supabase/local'],
    message: STACK_BOUNDARY_MESSAGES.appToTools,
  },
];
// ---------------------------------------------------------------------------------------------

const boundaryZones = [
  // Every folder of src/features is its own island; a new feature is covered by being created.
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: BOUNDARY_MESSAGES.feature,
  })),
  { target: 'src/features', from: 'src/routes', message: BOUNDARY_MESSAGES.featureToRoute },
  {
    target: ['src/data', 'src/sync', 'src/lib', 'src/ui'],
    from: ['src/features', 'src/routes'],
    message: BOUNDARY_MESSAGES.lowerLayer,
  },
  { target: 'src/ui', from: ['src/data', 'src/sync'], message: BOUNDARY_MESSAGES.uiToData },
  { target: 'src/sync', from: 'src/data', message: BOUNDARY_MESSAGES.syncToData },
  { target: 'src/lib', from: ['src/data', 'src/sync'], message: BOUNDARY_MESSAGES.libToData },
  {
    target: 'src/generated',
    from: 'src',
    except: ['./generated', './routes'],
    message: BOUNDARY_MESSAGES.generated,
  },
  { target: 'extension', from: 'src', except: ['./generated/database.types.ts'], message: BOUNDARY_MESSAGES.extension },
  { target: 'src', from: 'extension', message: BOUNDARY_MESSAGES.extension },
  ...appToToolsZones,
];

// import-x's no-cycle with a message that says what to do (its own says only that there is one).
const noCycle = importX.rules['no-cycle'];
const chloe = {
  rules: {
    'no-cycle': {
      ...noCycle,
      meta: {
        ...noCycle.meta,
        messages: Object.fromEntries(
          Object.entries(noCycle.meta.messages).map(([id, text]) => [id, `${text} ${BOUNDARY_MESSAGES.cycle}`]),
        ),
      },
    },
  },
};

// typescript-eslint's rule type and ESLint's plugin type disagree on details (meta.docs, the
// context's readonly-ness) that do not matter at run time; this is where that is said once.
/** @param {unknown} plugin */
const asPlugin = (plugin) => /** @type {import('eslint').ESLint.Plugin} */ (plugin);

/** import-x reading these modules (without the parsers it sees no cycle through TypeScript). @param {string[]} extensions */
const resolving = (extensions) => ({
  'import-x/resolver-next': [createNodeResolver({ extensions })],
  'import-x/extensions': extensions,
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
});

export default defineConfig(
  globalIgnores([
    'node_modules',
    'dist',
    'dist-*',
    'styled-system',
    '.data',
    '.deno',
    'test-results',
    'playwright-report',
    'src/generated/route-tree.gen.ts',
    'src/generated/rx-validators.gen.ts',
    // A plain browser script served as it is (the OAuth callback page's; inline scripts are
    // refused by the Content-Security-Policy): no module, no build, no type information.
    'public/gmail-oauth-callback.js',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['postcss.config.cjs'] },
        tsconfigRootDir: root,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A file longer than this does more than one thing: split it by what each part does.
      'max-lines': ['error', { max: MAX_LINES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
      // The router's redirect and notFound are thrown by design (TanStack Router's guards and loaders).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'package', package: '@tanstack/router-core', name: 'Redirect' },
            { from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' },
          ],
        },
      ],
    },
  },
  {
    // The code reads as small units (first the sync wing: docs/decisions/030-two-writers-one-truth.md):
    // a function or component longer than this does more than one thing; the app, the local stack,
    // the edge functions, the extension, the scripts and the tests' helpers alike. Tests' describe
    // blocks are lists of cases, not units.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/*.spec.ts', '**/*.bench.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Written by tools (src/generated/README.md), never by hand.
    files: ['src/generated/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: {
      // Mocks: `vi.fn(async () => value)` and `expect(mock.method).toHaveBeenCalled()` are the idiom.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': asPlugin(reactHooks), 'import-x': importX, chloe: asPlugin(chloe) },
    settings: resolving(['.ts', '.tsx', '.js', '.mjs']),
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'chloe/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The browser extension: its own boundary with the app, and no cycles. Its tests may check the
    // two agree (the extension id the app names).
    files: ['extension/**/*.ts'],
    ignores: ['extension/**/*.test.ts'],
    plugins: { 'import-x': importX, chloe: asPlugin(chloe) },
    settings: resolving(['.ts', '.js', '.mjs']),
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'chloe/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The local stack and the tools (ADR 018): their one-way imports, and no cycles. Their tests
    // may reach anything (a service's test starts it with the stack's free port).
    files: ['scripts/**/*.{mjs,ts}', 'supabase/local/**/*.mjs'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX, chloe: asPlugin(chloe) },
    settings: resolving(['.mjs', '.js', '.ts']),
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: stackZones }],
      'chloe/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The service worker takes nothing from the local stack or the tools either.
    files: ['sw/**/*.ts'],
    ignores: ['sw/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: resolving(['.ts', '.js', '.mjs']),
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: appToToolsZones }] },
  },
  {
    // Every package imported is declared: one that arrives through another goes when that one does.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['supabase/functions/**', '**/*.deno.ts', 'tests/integration/edge-functions/functions-fixture/**'],
    plugins: { 'import-x': importX },
    settings: resolving(['.ts', '.tsx', '.js', '.mjs']),
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: true, optionalDependencies: true, peerDependencies: false, includeTypes: true },
      ],
    },
  },
  {
    // A test's helpers sit in its own file, in a testing/ folder or in tests/: nothing shipped or run
    // by `npm start` imports a test runner, a test library or a helper of one.
    files: ['src/**', 'sw/**', 'extension/**', 'supabase/local/**', 'scripts/**'],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: TEST_ONLY, message: TEST_ONLY_MESSAGE }] }] },
  },
  {
    // Tools run by hand, the local stack and the benchmarks talk to a terminal.
    files: ['scripts/**', 'supabase/local/**', 'tests/bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Deno code is not part of the Node/browser TypeScript project.
    files: ['**/*.deno.ts', 'supabase/functions/**', 'tests/integration/edge-functions/functions-fixture/**'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  prettier,
);
