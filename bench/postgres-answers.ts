import { topHoldersPath } from './baseline-answers.js';
import { benchWallet } from './bench-data.js';
import { lookupPath } from './lookup-request.js';
import { proofPath } from './proof-leg.js';
import { lookupManyPath } from './postgres-requests.js';

const json = { 'content-type': 'application/json' };

/** The answer once the server is not shedding: a server just started may answer 503 SERVER_BUSY for a moment. */
async function unshed(ask: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await ask();
    if (response.status !== 503 || attempt === 20) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The bare PostgreSQL routes must answer what the product answers, or the ratios mean nothing: a
 * lookup, a lookup of 20 wallets, a proof and a page of top holders, compared byte for byte.
 * `headers` go with every request (a visitor's X-Forwarded-For for a product that believes it).
 */
export async function assertSamePostgresAnswers(productUrl: string, bareUrl: string, wallets: number, headers: Record<string, string> = {}): Promise<string[]> {
  const many = Array.from({ length: Math.min(20, wallets) }, (_, index) => benchWallet(index));
  const asks: [string, (base: string) => Promise<Response>][] = [
    ['lookup', (base) => fetch(base + lookupPath, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ walletAddress: benchWallet(7) }) })],
    ['lookup-many', (base) => fetch(base + lookupManyPath, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ walletAddresses: many }) })],
    ['proof', (base) => fetch(`${base}${proofPath}?wallet=${encodeURIComponent(benchWallet(7))}`, { headers })],
    ['top holders', (base) => fetch(base + topHoldersPath, { headers })],
  ];
  for (const [name, ask] of asks) {
    const [fromProduct, fromBare] = await Promise.all([unshed(() => ask(productUrl)), ask(bareUrl)]);
    const [productBody, bareBody] = await Promise.all([fromProduct.text(), fromBare.text()]);
    if (fromProduct.status !== 200 || productBody !== bareBody) {
      throw new Error(`${name}: the baseline answers differently\n${fromProduct.status} ${productBody}\n${fromBare.status} ${bareBody}`);
    }
  }
  return asks.map(([name]) => name);
}
