import net from 'node:net';

/**
 * Which reverse proxies may tell us the client's address (X-Forwarded-For): none, the nearest
 * `n` hops, or the proxies' own addresses and CIDR ranges. Never "every hop": the first entry of
 * X-Forwarded-For is whatever the client wrote, and the rate limits count by that address.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the private ranges (Fastify passes the list to it as is).
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: `false`, `true` (one proxy), a hop count, or a comma-separated list; null when malformed. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  if (raw === 'false') return false;
  if (raw === 'true') return 1;
  if (/^\d{1,2}$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : null;
}

/** Fastify's option: a hop count as the function Fastify would make of it (its types lack the number form). */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
