import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { demoSource } from '../../../platform/demo-source.js';
import { countDemoRows, type DemoCounts, hasAnyDemoRow } from '../../demo/index.js';
import type { MerkleRoot } from './merkle-root.js';
import type { LineError } from './csv-reader.js';
import type { ImportProgress } from './progress.js';
import type { AuditActor } from '../../audit/index.js';
import type { AfterReveal, ListDifference, ListGuardRefusal, RootChangePreview, RootPublication, WholeListChange } from '../../allocation/index.js';

export type { LineError } from './csv-reader.js';
export type { ImportProgress } from './progress.js';

export interface ImportOptions {
  /** Rows of this source are replaced; default: the file's name. */
  source?: string;
  /** Check and summarise without writing. */
  dryRun?: boolean;
  /** Write even though the demo data set is loaded (otherwise refused, so real and demo rows never mix). */
  keepDemo?: boolean;
  /** Take any non-empty wallet address as given, without its checksum (testnet or made-up wallets). */
  allowUncheckedAddresses?: boolean;
  /** Allocation files: categories accepted besides the tokenomics' own. */
  extraCategories?: readonly string[];
  /**
   * Allocation files: the snapshot label of the source, asked for once the file passed its checks and
   * written in the import's own transaction (records never stand under another import's label).
   * Without it a written import is labelled as of no known block.
   */
  snapshot?: () => Promise<{ asOfBlock: number | null; importedAt: number }>;
  onProgress?: ImportProgress;
  /** Who imports, for the audit log (allocation files). */
  by?: AuditActor;
  /** Allocation files, dry run: how many differing wallets the difference lists (the counts cover all). */
  differenceLimit?: number;
  /** Allocation files: write even though a wallet leaves the list or a total goes down (otherwise refused). */
  replace?: boolean;
  /** Allocation files: change a published root on purpose (`--after-reveal --reason`); otherwise refused. */
  afterReveal?: AfterReveal;
}

export interface CategoryTotal {
  category: string;
  /** Rows, which is also wallets: a wallet has each category at most once per file. */
  rows: number;
  totalMicro: bigint;
}

export interface ImportAccepted {
  ok: true;
  source: string;
  rows: number;
  wallets: number;
  totalMicro: bigint;
  /** Points files only. */
  totalPoints: bigint | null;
  /** Allocation files only: in the order of the known categories, then added ones by name. */
  categories: CategoryTotal[] | null;
  /** Rows of the same source that were (or, in a dry run, would be) replaced. */
  replacedRows: number;
  /** Demo rows left beside this import (--keep-demo, or a dry run), else null. */
  demoRows: DemoCounts | null;
  dryRun: boolean;
  /** Allocation files, when written: the Merkle root of the whole table after the import. */
  merkle?: MerkleRoot;
  /** Allocation files, in a dry run: what replacing the live rows of the source would change. */
  difference?: ListDifference;
  /** Allocation files, when written: the wallets it removed from the whole list and lowered (only with `replace`). */
  listChange?: WholeListChange;
  /** Allocation files, when written: what the import did to the published root. */
  publication?: RootPublication;
  /** Allocation files, in a dry run: whether the import would need `--after-reveal`, or publish its root. */
  rootChange?: RootChangePreview;
}

export interface ImportRejected {
  ok: false;
  /** One per bad row, in line order. */
  errors: LineError[];
}

/** Refused before reading the file: the demo data set is loaded and --keep-demo was not given. */
export interface ImportRefusedForDemo {
  ok: false;
  demoRows: DemoCounts;
}

export type ImportResult = ImportAccepted | ImportRejected | ImportRefusedForDemo | ListGuardRefusal;

export function byLine(errors: LineError[]): LineError[] {
  return errors.sort((a, b) => a.line - b.line);
}

export const maxSourceLength = 200;

/** Why a source name is refused, or null when it is fine. */
export function sourceNameProblem(source: string): string | null {
  if (source.trim() === '') return 'the source name is empty';
  if (source.length > maxSourceLength) return `the source name is longer than ${maxSourceLength} characters`;
  if (source.trim() === demoSource) return `the source name "${demoSource}" is kept for the demo data set`;
  return null;
}

/**
 * The demo rows present, or null when none are (or they may stay). A real write refuses to mix with
 * them unless --keep-demo; a dry run only reports them.
 */
export async function demoRowsInTheWay(
  db: Kysely<Database>,
  options: Pick<ImportOptions, 'keepDemo' | 'dryRun'>,
): Promise<{ refuse: boolean; demoRows: DemoCounts | null }> {
  const counts = await countDemoRows(db);
  if (!hasAnyDemoRow(counts)) return { refuse: false, demoRows: null };
  return { refuse: !options.keepDemo && !options.dryRun, demoRows: counts };
}

export function resolveSource(file: string, source: string | undefined): string {
  const name = source ?? path.basename(file);
  const problem = sourceNameProblem(name);
  if (problem) throw new RangeError(problem);
  return name.trim();
}
