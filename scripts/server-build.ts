import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './newest-mtime.js';

const distFolder = path.resolve('dist');

/**
 * The server, by output path under dist/, and each of its worker threads beside it, where
 * server/platform/lib/module-worker.ts looks for them: the backup's copy (scheduled backups run in the server)
 * and the allocation list's parser (the console's import preview and import).
 */
const serverEntryPoints = {
  'server/main': 'server/main.ts',
  'server/sqlite-copy-worker': 'server/features/backups/sqlite-copy-worker.ts',
  'server/allocation-worker': 'server/features/imports/allocations/allocation-worker.ts',
};

/**
 * The allocation import, whose million-row runs should pay neither for a TypeScript loader nor for
 * loading hundreds of package files (Kysely alone is ~0.2 s of module loading): its packages are bundled
 * in, but for the native one. Its worker thread sits beside it, where server/platform/lib/module-worker.ts looks.
 */
const importEntryPoints = {
  'scripts/import-allocations': 'scripts/import-allocations.ts',
  'scripts/allocation-worker': 'server/features/imports/allocations/allocation-worker.ts',
};

/** Where the compiled server lands; `node dist/server/main.js` runs it. */
export const serverBundle = path.join(distFolder, 'server/main.js');

/**
 * The Node flags the compiled server runs with (`npm start`, `npm run start:server` through
 * `--print-node-args`, `npm run bench`).
 * V8 keeps a high old-generation limit until its first full collection after start-up; under load the
 * server promotes a few MB a second of request objects that die soon after, so a busy first half-minute
 * held over 100 MB of garbage (peak RSS 250–300 MB). A small initial old space sizes the heap from its
 * live data from the start (docs/performance.md, "Memory").
 */
export const serverNodeFlags = ['--initial-old-space-size=32'];

/**
 * What the compiled server needs besides node_modules: package.json (ES modules, the project's root),
 * the build, and the files it reads at run time (the meme templates). The shipped suite (tests/shipped)
 * runs the server from a copy of these alone.
 */
export const shippedFiles = ['package.json', 'dist', 'assets'];

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
 * from the project root (server/platform/lib/project-root.ts), not from the bundle. `outdir` must sit inside
 * the project for that reason.
 */
export async function buildServer(outdir = distFolder): Promise<void> {
  const common = {
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Its paths resolve @shared/… as the client's build does.
    tsconfig: 'tsconfig.server.json',
  } as const;
  // Error stacks in the log point at the TypeScript sources.
  const sourceMaps = 'process.setSourceMapsEnabled(true);';
  await Promise.all([
    build({ ...common, entryPoints: serverEntryPoints, packages: 'external', banner: { js: sourceMaps } }),
    build({
      ...common,
      entryPoints: importEntryPoints,
      // better-sqlite3 is native; pg-native is pg's optional native client.
      external: ['better-sqlite3', 'pg-native'],
      // Bundled CommonJS packages call require(), which an ES module has only when it makes one.
      banner: { js: `import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url); ${sourceMaps}` },
    }),
  ]);
  // The server bundle is written last: its time is the build's (serverBuildIsStale).
  const now = new Date();
  fs.utimesSync(path.join(outdir, 'server/main.js'), now, now);
}

/**
 * `npm run build:server` builds; with --if-stale only when the sources changed. With --print-node-args
 * it then prints the arguments `node` runs the server with, for `npm run start:server` to exec node
 * itself (signals straight to the server, no launcher process in between).
 */
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('scripts/server-build.ts')) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    await buildServer();
    console.error(`built ${path.relative('.', distFolder)}/`);
  }
  if (process.argv.includes('--print-node-args')) console.log([...serverNodeFlags, path.relative('.', serverBundle)].join(' '));
}
