import type autocannon from 'autocannon';
import { benchWallet, type DataShape } from './bench-data.js';
import type { OpenLoopRequest } from './open-loop.js';

export const lookupPath = '/api/allocation/lookup';

const headers = { 'content-type': 'application/json' };
/** A wallet drawn at random from the bench data set's `wallets`: every lookup a hit on another wallet. */
const randomBody = (wallets: number, shape: DataShape) =>
  JSON.stringify({ walletAddress: benchWallet(Math.floor(Math.random() * wallets), shape) });

/** The lookup of a random wallet, as autocannon's request. */
export function lookupRequest(wallets: number, shape: DataShape = 'realistic'): autocannon.Request {
  return { method: 'POST', path: lookupPath, headers, setupRequest: (request) => ({ ...request, body: randomBody(wallets, shape) }) };
}

/** The lookup of a random wallet, as the open-loop generator's request. */
export const openLoopLookup =
  (wallets: number, shape: DataShape) =>
  (): OpenLoopRequest => ({ method: 'POST', path: lookupPath, headers, body: randomBody(wallets, shape) });
