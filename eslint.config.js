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

/** The boundaries, each with what to do instead (rule: import-x/no-restricted-paths). */
export const BOUNDARY_MESSAGES = {
  feature:
    'A feature may not import another feature. Move what both need to src/ui, src/lib or src/data, or compose the two in a route.',
  featureToRoute:
    'Features are composed by routes, never the other way round: take what the route knows as a prop or from the router context.',
  lowerLayer:
    'src/data, src/lib and src/ui sit below the features and routes: take what you need as an argument or prop, or move the shared piece down into this layer.',
  uiToData: 'src/ui only draws what it is given: take the values as props and let a feature read them from src/data.',
  extension:
    'The browser extension and the app are built and shipped apart: the extension takes only the database types from src (src/data/database.types.ts), and the app nothing from extension/. Share through the database and the messages of extension/src/messages.ts.',
  cycle:
    '— break the cycle: move what both modules need into a third module that imports neither, or pass it in as an argument.',
};

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
    target: ['src/data', 'src/lib', 'src/ui'],
    from: ['src/features', 'src/routes'],
    message: BOUNDARY_MESSAGES.lowerLayer,
  },
  { target: 'src/ui', from: 'src/data', message: BOUNDARY_MESSAGES.uiToData },
  { target: 'extension', from: 'src', except: ['./data/database.types.ts'], message: BOUNDARY_MESSAGES.extension },
  { target: 'src', from: 'extension', message: BOUNDARY_MESSAGES.extension },
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

/**
 * typescript-eslint's rule type and ESLint's plugin type disagree on details (meta.docs, the
 * context's readonly-ness) that do not matter at run time; this is where that is said once.
 * @param {unknown} plugin
 */
const asPlugin = (plugin) => /** @type {import('eslint').ESLint.Plugin} */ (plugin);

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
    'src/routeTree.gen.ts',
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
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // Without these, import-x does not read TypeScript modules and sees no cycle through them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
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
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'chloe/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tools run by hand, the local stack and the benchmarks talk to a terminal.
    files: ['scripts/**', 'supabase/local/**', 'tests/bench/**', 'sw/make-pwa-assets.mjs'],
    rules: { 'no-console': 'off' },
  },
  {
    // Deno code is not part of the Node/browser TypeScript project.
    files: ['**/*.deno.ts', 'supabase/functions/**', 'tests/integration/functions-fixture/**'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
  prettier,
);
