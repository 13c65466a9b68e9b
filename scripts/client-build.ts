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

export function buildClient(): void {
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('client build failed');
}
