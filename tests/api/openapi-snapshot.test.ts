import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { useSharedApp } from '../helpers/build-app.js';

/**
 * The API's published contract, byte for byte. A change to a route, a schema or a description shows
 * here as a diff to review; regenerate the file with OPENAPI_SNAPSHOT=write when the change is meant.
 */
const snapshotFile = new URL('../fixtures/openapi.json', import.meta.url);

const ctx = useSharedApp();

it('serves /api/openapi.json exactly as the reviewed snapshot', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  if (process.env.OPENAPI_SNAPSHOT === 'write') {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(snapshotFile, response.body);
  }
  expect(response.body).toBe(await readFile(snapshotFile, 'utf8'));
});
