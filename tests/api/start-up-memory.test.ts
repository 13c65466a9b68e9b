import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../helpers/backup-drill.js';
import { projectRoot } from '../helpers/run-cli.js';

function loadedPackages(packages: string[]): Promise<{ afterStart: string[]; afterUse: string[] }> {
  const env = { ...process.env, DATA_DIR: testFolder('acorn-start-up-'), DATABASE_URL: '', DEMO_DATA: 'false', LOG_LEVEL: 'silent' };
  return new Promise((resolve, reject) => {
    execFile(
      path.join(projectRoot, 'node_modules/.bin/tsx'),
      ['tests/helpers/loaded-packages.ts', ...packages],
      { cwd: projectRoot, env },
      (error, stdout, stderr) => (error ? reject(new Error(stderr || error.message)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!))),
    );
  });
}

// Each process of a busy day answers lookups; resident memory it never uses is memory the lookups lack.
describe('a server on SQLite, at start-up', () => {
  it('loads the signature library (≈ 24 MB) with the first signature check and pg (≈ 15 MB) only for PostgreSQL', async () => {
    const { afterStart, afterUse } = await loadedPackages(['bip322-js', 'pg', 'sharp']);
    expect(afterStart).toEqual([]);
    expect(afterUse).toEqual(['bip322-js', 'pg']);
  });
});
