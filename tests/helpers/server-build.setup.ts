import { buildServer, serverBuildIsStale } from '../../scripts/server-build.js';

/**
 * The compiled CLI (`npm run import:allocations`) and the shipped server find a fresh build: built once
 * here when stale, not by several test files at once.
 */
export default async function buildServerOnce(): Promise<void> {
  if (serverBuildIsStale()) await buildServer();
}
