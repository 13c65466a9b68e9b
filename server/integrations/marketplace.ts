import { fetchJson, UpstreamError } from './http.js';

export interface MarketplaceStats {
  totalSupply: number | null;
  /** Floor price in BTC, or null when nothing is listed. */
  floorPrice: number | null;
}

const satsPerBtc = 100_000_000;

function numberField(record: Record<string, unknown>, field: string): number | null {
  const raw = record[field];
  if (raw === undefined || raw === null || raw === '') return null;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value < 0) throw new UpstreamError(`marketplace field ${field} is not a number`);
  return value;
}

/** Magic Eden's `GET /v2/ord/btc/stat?collectionSymbol={slug}`; its floor price is in sats. */
export async function fetchCollectionStats(
  apiBase: string,
  slug: string,
  timeoutMs: number,
): Promise<MarketplaceStats> {
  const url = `${apiBase}/v2/ord/btc/stat?collectionSymbol=${encodeURIComponent(slug)}`;
  const body = await fetchJson(url, { timeoutMs });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UpstreamError('marketplace answered an unexpected shape');
  }
  const record = body as Record<string, unknown>;
  const floorSats = numberField(record, 'floorPrice');
  const supply = numberField(record, 'supply') ?? numberField(record, 'totalSupply');
  if (floorSats === null && supply === null) throw new UpstreamError('marketplace answered no stats');
  return {
    totalSupply: supply === null ? null : Math.round(supply),
    floorPrice: floorSats === null ? null : floorSats / satsPerBtc,
  };
}
