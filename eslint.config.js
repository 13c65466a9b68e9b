// Code rules. The import architecture (layers, feature order, cycles, what shared/ and migrations may
// import) is kept by dependency-cruiser (.dependency-cruiser.cjs), and dead code by knip (knip.jsonc):
// `npm run lint` runs all three. Which feature owns each table is kept here (eslint-rules/).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { tableOwnerRule } from './eslint-rules/table-owner.js';

export default defineConfig(
  globalIgnores([
    // A tree that breaks every architecture rule once, on purpose (tests/unit/lint-rules.test.ts).
    'tests/fixtures/lint-boundaries/',
    'dist/', 'dist-test-build-*/', 'coverage/', 'test-results/', '.cache/', 'tmp/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['server/**', 'scripts/**', 'bench/**', 'migrations/**', 'tests/**', 'eslint-rules/**', '*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    plugins: { acorn: { rules: { 'table-owner': tableOwnerRule } } },
    rules: { 'acorn/table-owner': 'error' },
  },
  {
    // @fastify/cookie parses no request on its own (`hook: false`): `request.cookies` is null until read
    // through requestCookies(), which parses on first use.
    files: ['server/**/*.ts'],
    ignores: ['server/platform/http/cookies.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='cookies']", message: 'Read cookies through requestCookies() (server/platform/http/cookies.ts).' },
      ],
    },
  },
  {
    files: ['.dependency-cruiser.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['tests/browser/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Kysely types migrations and dialect plumbing with Kysely<any>: they run against whatever schema
    // the database has at that step, not the app's current one.
    files: ['migrations/**', 'server/platform/db/migrate.ts', 'server/platform/db/waiting-sqlite-driver.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // shared/ runs in the browser and in Node alike: neither's globals.
    files: ['shared/**'],
    rules: {
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'fetch', 'process', 'Buffer', '__dirname', '__filename', 'require'],
    },
  },
);
