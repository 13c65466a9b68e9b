import type autocannon from 'autocannon';
import { maxLookupAddresses } from '@shared/schemas/allocation';
import { benchWallet } from './bench-data.js';
import { lookupPath } from './lookup-request.js';

export const lookupManyPath = '/api/allocation/lookup-many';

const headers = { 'content-type': 'application/json' };

/** `maxLookupAddresses` distinct wallets that exist, from a random one on (the data set holds more than that many). */
export function lookupManyBody(wallets: number): string {
  const first = Math.floor(Math.random() * wallets);
  const walletAddresses = Array.from({ length: Math.min(maxLookupAddresses, wallets) }, (_, offset) => benchWallet((first + offset) % wallets));
  return JSON.stringify({ walletAddresses });
}

/** A lookup of 20 random wallets, as autocannon's request. */
export function lookupManyRequest(wallets: number): autocannon.Request {
  return { method: 'POST', path: lookupManyPath, headers, setupRequest: (request) => ({ ...request, body: lookupManyBody(wallets) }) };
}

/**
 * The lookup of a random wallet, each request from another visitor (X-Forwarded-For, believed by a product
 * started with TRUST_PROXY): every one counted against a limit of its own, none refused.
 */
export function manyVisitorsLookupRequest(wallets: number): autocannon.Request {
  let visitor = 0;
  return {
    method: 'POST',
    path: lookupPath,
    setupRequest: (request) => {
      visitor = (visitor + 1) % 2 ** 24;
      const forwardedFor = `10.${visitor >> 16}.${(visitor >> 8) & 255}.${visitor & 255}`;
      const walletAddress = benchWallet(Math.floor(Math.random() * wallets));
      return { ...request, headers: { ...headers, 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ walletAddress }) };
    },
  };
}
