import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Every feature folder of the server and the web app: a new feature is bounded as soon as it exists. */
const features = [
  ...new Set(
    ['apps/server/src/features', 'apps/web/src/features'].flatMap((dir) =>
      readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name),
    ),
  ),
];

/**
 * Layers below the features never import them: the dependency goes features → layers, so a layer
 * stays usable by every feature (ARCHITECTURE.md, style). Tests may reach up for their fixtures.
 */
const layersBelowFeatures = (root, layers) =>
  layers.map((layer) => ({
    target: `${root}/${layer}`,
    from: `${root}/features`,
    message: `${layer}/ is a layer below the features: it must not import a feature (move the shared part down).`,
  }));

/**
 * The features built on another's data, on purpose: the weekly digest lists the questionnaire
 * to-do, the Qualiopi report reads the signature dashboard's data and prints with the booklet's
 * PDF layout (decisions 039 and 029). Any other pair is refused.
 */
const builtOn = { digest: ['questionnaire'], qualiopi: ['questionnaire'] };

/** No feature imports another feature's internals: share through packages/shared or the shell. */
const featureBoundaries = (root) =>
  features.map((feature) => ({
    target: `${root}/features/${feature}`,
    from: `${root}/features`,
    except: [`./${feature}`, ...(builtOn[feature] ?? []).map((other) => `./${other}`)],
    message: 'Features do not import each other: share through packages/shared, src/shell (web) or src/services (server).',
  }));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import/resolver': {
        typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'scripts/tsconfig.json'] },
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import/first': 'error',
      'import/no-duplicates': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('./apps/server/src'),
            ...layersBelowFeatures('./apps/server/src', ['services', 'generic', 'http', 'db']),
            {
              target: './apps/server/src/db',
              from: './apps/server/src/services',
              message: 'db/ (schema, client, migrations) depends on nothing above it: the demo seed lives in src/seed/.',
            },
            { target: './apps/server/src', from: './apps/web', message: 'The server does not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    // A layer's integration test may drive a feature's route with that feature's fixtures.
    files: ['apps/server/src/{http,services,generic}/**/*.test.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: featureBoundaries('./apps/server/src') }],
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('./apps/web/src'),
            ...layersBelowFeatures('./apps/web/src', ['shell', 'forms', 'back-office', 'i18n']),
            {
              target: './apps/web/src/shell',
              from: './apps/web/src/router.tsx',
              message: 'The shell does not import the route table: main.tsx composes the providers and the router.',
            },
            { target: './apps/web/src', from: './apps/server', message: 'The web app talks to the server through the API only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [{ target: './packages/shared', from: './apps', message: 'packages/shared depends on nothing of the apps.' }],
        },
      ],
    },
  },
);
