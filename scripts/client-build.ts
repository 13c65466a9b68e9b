import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pagesFolder, pagesIndexFile } from '../shared/prerendered-pages-index.js';
import { newestMtime } from './newest-mtime.js';

// vite.config.ts runs the prerender (scripts/prerender.ts) and the compression as part of the build.
const sources = ['client', 'shared', 'vite.config.ts', 'scripts/prerender.ts', 'scripts/precompress.ts', 'package-lock.json'];


/** The built client is stale when any client source is newer than its index.html, or its prerendered pages are missing. */
export function clientBuildIsStale(clientDir: string): boolean {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index) || !fs.existsSync(path.join(clientDir, pagesFolder, pagesIndexFile))) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

/**
 * A production build of the client into `outDir`, whatever NODE_ENV the caller runs with: under a test
 * runner (NODE_ENV=test) Vite would otherwise bundle React's development build, several times larger.
 */
export function buildClient(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('client build failed');
}
