import type autocannon from 'autocannon';
import { benchWallet, type DataShape } from './bench-data.js';

export const lookupPath = '/api/allocation/lookup';

/** The lookup of a wallet drawn at random from the bench data set's `wallets`: every request a hit on another wallet. */
export function lookupRequest(wallets: number, shape: DataShape = 'realistic'): autocannon.Request {
  return {
    method: 'POST',
    path: lookupPath,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({ walletAddress: benchWallet(Math.floor(Math.random() * wallets), shape) }),
    }),
  };
}
