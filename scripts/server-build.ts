import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './newest-mtime.js';

/** Where the compiled server lands; `node dist/server/main.js` runs it. */
export const serverBundle = path.resolve('dist/server/main.js');

const sources = ['server', 'shared', 'migrations', 'package-lock.json', 'scripts/server-build.ts'];


/** The compiled server is stale when any server source is newer than the bundle. */
export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(serverBundle)) return true;
  const builtAt = fs.statSync(serverBundle).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

/**
 * One ES module for production: our TypeScript compiled and bundled, every package left to
 * node_modules (native modules such as better-sqlite3 and sharp cannot be bundled). Files read at
 * run time are found from the project root (server/lib/project-root.ts), not from this file.
 */
export async function buildServer(): Promise<void> {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Error stacks in the log point at the TypeScript sources.
    banner: { js: 'process.setSourceMapsEnabled(true);' },
    logLevel: 'warning',
  });
}

// `npm run build:server` builds; with --if-stale (`npm run start:server`) only when the sources changed.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/server-build.ts')) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    await buildServer();
    console.log(`built ${path.relative('.', serverBundle)}`);
  }
}
