// Code rules. The import architecture (cycles, feature boundaries, what shared/ and migrations may
// import) is kept by dependency-cruiser (.dependency-cruiser.cjs), and dead code by knip (knip.json):
// `npm run lint` runs all three.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['dist/', 'dist-test-build-*/', 'coverage/', 'test-results/', '.cache/', 'tmp/']),
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
    files: ['server/**', 'scripts/**', 'bench/**', 'migrations/**', 'tests/**', '*.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
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
    files: ['migrations/**', 'server/db/migrate.ts', 'server/db/waiting-sqlite-driver.ts'],
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
