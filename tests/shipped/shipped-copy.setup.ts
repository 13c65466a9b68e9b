import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, clientBuildIsStale } from '../../scripts/client-build.js';
import { buildServer, serverBuildIsStale, shippedFiles } from '../../scripts/server-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A copy of what a deployment runs, without the TypeScript sources (server/, shared/, scripts/). */
    shippedRoot: string;
  }
}

/**
 * Builds the client and the server when stale, then copies what ships (and only that) into a folder of
 * its own, with the project's node_modules linked: a file the build leaves out is missing there.
 */
export default async function copyShippedBuild(project: TestProject): Promise<() => void> {
  const clientDir = path.resolve('dist/client');
  if (clientBuildIsStale(clientDir)) buildClient(clientDir);
  if (serverBuildIsStale()) await buildServer();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-shipped-'));
  for (const file of shippedFiles) fs.cpSync(file, path.join(root, file), { recursive: true });
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  project.provide('shippedRoot', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
