/** The `--as-of-block` step of `import:allocations`: the height the import is labelled with, and the snapshot lines it prints. */
import { loadConfig } from '../server/platform/config.js';
import type { MerkleRoot } from '../server/features/imports/index.js';
import { fetchTipHeight } from '../server/integrations/block-explorer.js';
import { field, UsageError } from './cli.js';

export const asOfBlockHelp = `  --as-of-block N  the block height the file's figures are "as of" (its snapshot), shown on the
                   allocation page beside a result. Default: the current tip height from the block
                   explorers (BLOCK_HEIGHT_URLS), or none when no explorer answers.`;

/** A bad --as-of-block is a usage error, caught before the file is read. */
export function parseAsOfBlock(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,8}$/.test(raw.trim())) throw new UsageError(`--as-of-block: "${raw}" is not a block height (a whole number)`);
  return Number(raw.trim());
}

async function tipHeightOrNull(): Promise<number | null> {
  const config = loadConfig();
  return fetchTipHeight(config.blockHeightUrls, config.upstreamTimeoutMs).catch(() => null);
}

/** The height the import is labelled with: --as-of-block, else the current tip, else null. */
export async function snapshotHeight(asOfBlock: number | undefined): Promise<number | null> {
  return asOfBlock ?? (await tipHeightOrNull());
}

/**
 * After a written import, which recorded its snapshot (labelled `height`) in its own transaction and
 * returned the Merkle root of the table: the summary lines to print.
 */
export function snapshotLines(
  height: number | null,
  asOfBlock: number | undefined,
  snapshot: MerkleRoot | undefined,
): string[] {
  if (!snapshot) throw new Error('A written allocation import returns the Merkle root of the table');
  const label =
    height === null
      ? 'unknown (no block explorer answered; pass --as-of-block N)'
      : `${height.toLocaleString('en-US')}${asOfBlock === undefined ? ' (the current tip)' : ''}`;
  return [
    field('as of block', label),
    field('merkle root', snapshot.root ?? 'none (no allocation records)'),
    field('merkle leaves', snapshot.leafCount),
  ];
}
