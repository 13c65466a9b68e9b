import path from 'node:path';
import { build } from 'esbuild';
import { buildClient, clientBuildIsStale } from '../scripts/client-build.js';
import { buildServer, serverBuildIsStale } from '../scripts/server-build.js';

/**
 * What the HTTP bench starts: the product server (built when stale), a compiled copy of each bare
 * baseline `entries` names (bench/*.ts → dist/bench/*.js, returned in order), and the client the product
 * serves: CLIENT_DIR, or dist/client built when missing or stale, as `npm start` does.
 */
export async function buildBenchServers(entries: string[]): Promise<{ bundles: string[]; clientDir: string }> {
  if (serverBuildIsStale()) {
    console.log('building the server…');
    await buildServer();
  }
  const bundles: string[] = [];
  for (const entry of entries) {
    const outfile = path.resolve('dist/bench', `${path.basename(entry, '.ts')}.js`);
    await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    bundles.push(outfile);
  }
  const clientDir = path.resolve(process.env.CLIENT_DIR ?? 'dist/client');
  if (!process.env.CLIENT_DIR && clientBuildIsStale(clientDir)) {
    console.log('building the client…');
    buildClient(clientDir);
  }
  return { bundles, clientDir };
}
