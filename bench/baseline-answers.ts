/**
 * The bench's baseline must answer what the product answers, or the ratio means nothing: the product's
 * cached answers and query headers captured for bench/bare-server.ts, and a check that both servers
 * answer a lookup and a page of top holders alike.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FixedAnswer, QueryHeaders } from './bare-server.js';
import { benchWallet, type DataShape } from './bench-data.js';
import { lookupPath } from './lookup-request.js';

export const topHoldersPath = '/api/tokens/allocations?limit=20';

/** A GET as autocannon sends it: the body's bytes as they came, compressed or not (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(Object.entries(response.headers).map(([name, value]): [string, string] => [name, String(value)])),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function headersToRepeat(response: { headers: Headers }): Record<string, string> {
  // Headers set per connection or per moment are not repeated; the body's type is set separately.
  const ownHeaders = ['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'content-type', 'content-encoding'];
  return Object.fromEntries([...response.headers].filter(([name]) => !ownHeaders.includes(name)));
}

function lookupResponse(base: string, shape: DataShape): Promise<Response> {
  return fetch(base + lookupPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress: benchWallet(7, shape) }),
  });
}

/** Writes the product's cached answers and query headers into `dataDir`; returns the two files for the bare server. */
export async function captureAnswers(
  productUrl: string,
  cached: { path: string; headers?: Record<string, string> }[],
  dataDir: string,
  shape: DataShape,
): Promise<{ fixedFile: string; queryHeadersFile: string }> {
  const fixed: FixedAnswer[] = [];
  for (const endpoint of cached) {
    await rawGet(productUrl + endpoint.path, endpoint.headers);
    const response = await rawGet(productUrl + endpoint.path, endpoint.headers);
    if (response.status !== 200) throw new Error(`${endpoint.path} answered ${response.status}: ${response.body.toString()}`);
    fixed.push({
      path: endpoint.path,
      contentType: response.headers.get('content-type') ?? 'text/plain',
      contentEncoding: response.headers.get('content-encoding'),
      bodyBase64: response.body.toString('base64'),
      headers: headersToRepeat(response),
    });
  }
  const fixedFile = path.join(dataDir, 'fixed-answers.json');
  fs.writeFileSync(fixedFile, JSON.stringify(fixed));
  const queryHeaders: QueryHeaders = {
    lookup: headersToRepeat(await lookupResponse(productUrl, shape)),
    topHolders: headersToRepeat(await fetch(productUrl + topHoldersPath)),
  };
  const queryHeadersFile = path.join(dataDir, 'query-headers.json');
  fs.writeFileSync(queryHeadersFile, JSON.stringify(queryHeaders));
  return { fixedFile, queryHeadersFile };
}

export async function assertSameAnswers(productUrl: string, bareUrl: string, shape: DataShape): Promise<void> {
  const lookup = (base: string) => lookupResponse(base, shape).then((response) => response.text());
  const page = (base: string) => fetch(base + topHoldersPath).then((response) => response.text());
  for (const [name, ask] of [['lookup', lookup], ['top holders', page]] as const) {
    const [fromProduct, fromBare] = await Promise.all([ask(productUrl), ask(bareUrl)]);
    if (fromProduct !== fromBare) throw new Error(`${name}: the baseline answers differently\n${fromProduct}\n${fromBare}`);
  }
}
