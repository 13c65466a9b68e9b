import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@server': path.resolve('server'),
  '@client': path.resolve('client/src'),
  '@shared': path.resolve('shared'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Files share a worker's loaded modules instead of loading the server afresh each (about a
          // fifth of the suite's time): every test builds its own app and database, nothing is mocked.
          isolate: false,
          globalSetup: ['tests/helpers/server-build.setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // What `npm start` runs: the compiled server and its worker threads, from a copy of the build
          // without the sources, and the CLIs as package.json runs them.
          name: 'shipped',
          include: ['tests/shipped/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/shipped/shipped-copy.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine keeps timings honest.
          fileParallelism: false,
        },
      },
    ],
  },
});
