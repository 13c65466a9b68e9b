import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './newest-mtime.js';

const sources = ['client', 'shared', 'vite.config.ts', 'package-lock.json'];


/** The built client is stale when any client source is newer than its index.html. */
export function clientBuildIsStale(clientDir: string): boolean {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

export function buildClient(): void {
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('client build failed');
}
