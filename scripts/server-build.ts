import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './newest-mtime.js';

const distFolder = path.resolve('dist');

/**
 * What the build compiles, by output path under dist/: the server, and the allocation import, whose
 * million-row runs should not pay for a TypeScript loader (its worker thread sits beside it, where
 * server/lib/module-worker.ts looks for it).
 */
const entryPoints = {
  'server/main': 'server/main.ts',
  'scripts/import-allocations': 'scripts/import-allocations.ts',
  'scripts/allocation-worker': 'server/features/imports/allocation-worker.ts',
};

/** Where the compiled server lands; `node dist/server/main.js` runs it. */
export const serverBundle = path.join(distFolder, 'server/main.js');

const sources = ['server', 'shared', 'migrations', 'scripts', 'package-lock.json'];

/** The build is stale when any source is newer than the server bundle (written with the others). */
export function serverBuildIsStale(): boolean {
  if (!fs.existsSync(serverBundle)) return true;
  const builtAt = fs.statSync(serverBundle).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

/**
 * ES modules for production: our TypeScript compiled and bundled, every package left to node_modules
 * (native modules such as better-sqlite3 and sharp cannot be bundled). Files read at run time are found
 * from the project root (server/lib/project-root.ts), not from the bundle. `outdir` must sit inside
 * the project for that reason.
 */
export async function buildServer(outdir = distFolder): Promise<void> {
  await build({
    entryPoints,
    outdir,
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
  // The server bundle is written last: its time is the build's (serverBuildIsStale).
  const now = new Date();
  fs.utimesSync(path.join(outdir, 'server/main.js'), now, now);
}

// `npm run build:server` builds; with --if-stale (`npm run start:server`) only when the sources changed.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/server-build.ts')) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    await buildServer();
    console.error(`built ${path.relative('.', distFolder)}/`);
  }
}
