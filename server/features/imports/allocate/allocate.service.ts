import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { mulDivRound } from '@shared/token-amount';
import { demoRefusal } from '../../demo/index.js';
import {
  countPointsAllocationsOfSource,
  findPointsWalletsOfOtherSources,
  replacePointsAllocations,
} from '../../point-allocations/index.js';
import { demoRowsInTheWay, sourceNameProblem } from '../shared/import-file.js';
import { type ImportProgress, writeProgress } from '../shared/progress.js';
import { readTokensMicro } from '../shared/token-amount.js';
import { type AuditActor, recordChange, unnamedActor } from '../../audit/index.js';
import { countBlockedUsersWithPoints, listAllocatableUsers } from '../../users/index.js';
import { splitByWeights } from './split-by-weights.js';

export const defaultAllocateSource = 'allocate';

export interface AllocateOptions {
  /** Who allocates, for the audit log. */
  by?: AuditActor;
  /** Tokens to share, as typed: a non-negative decimal with at most 6 decimals. */
  pool: string;
  source?: string;
  dryRun?: boolean;
  /** Share among demo users too while the demo data set is loaded (otherwise refused). */
  keepDemo?: boolean;
  onProgress?: ImportProgress;
}

export type AllocateResult =
  | {
      ok: true;
      source: string;
      users: number;
      blockedUsersExcluded: number;
      totalPoints: bigint;
      poolMicro: bigint;
      /** Tokens per point, pool / total points rounded half up to 3 decimals, e.g. '333.333'. */
      allocationRatio: string;
      replacedRows: number;
      dryRun: boolean;
    }
  | { ok: false; errors: string[] };

/** pool / points in tokens, rounded half up to 3 decimals, as text so no float creeps in. */
export function allocationRatio(poolMicro: bigint, totalPoints: bigint): string {
  const thousandths = mulDivRound(poolMicro, 1n, 1000n * totalPoints);
  return `${thousandths / 1000n}.${(thousandths % 1000n).toString().padStart(3, '0')}`;
}

/**
 * Shares a token pool among users by points (blocked users and users without points left out), exact to
 * the micro-token, and writes the result as the points allocations of `source`, replacing its earlier rows.
 * While the demo data set is loaded it is refused unless `keepDemo`, as demo users would get shares.
 */
export async function allocateFromPoints(db: Kysely<Database>, options: AllocateOptions): Promise<AllocateResult> {
  const source = (options.source ?? defaultAllocateSource).trim();
  const sourceProblem = sourceNameProblem(source);
  if (sourceProblem) return { ok: false, errors: [sourceProblem] };
  const poolRead = readTokensMicro('pool', options.pool.trim());
  if (typeof poolRead === 'string') return { ok: false, errors: [poolRead] };
  // Exact: an amount is at most the total supply, well inside a double's integers.
  const pool = BigInt(poolRead);
  const demo = await demoRowsInTheWay(db, options);
  if (demo.refuse) return { ok: false, errors: [demoRefusal(demo.demoRows!)] };

  const users = await listAllocatableUsers(db);
  if (users.length === 0) return { ok: false, errors: ['no unblocked user has points, so there is nobody to allocate to'] };
  const points = users.map((user) => BigInt(user.total_points));
  const totalPoints = points.reduce((sum, value) => sum + value, 0n);
  const shares = splitByWeights(pool, points);

  const owners = await findPointsWalletsOfOtherSources(db, source, users.map((user) => user.wallet_address));
  if (owners.size) {
    const errors = [...owners].map(
      ([wallet, other]) => `wallet ${wallet} already has a points allocation from source "${other}"`,
    );
    return { ok: false, errors };
  }

  const rows = users.map((user, index) => ({
    wallet_address: user.wallet_address,
    final_points: user.total_points,
    allocated_micro: Number(shares[index]),
    source,
  }));
  const after = { rows: rows.length, poolMicro: String(pool), totalPoints: String(totalPoints) };
  const replacedRows = options.dryRun
    ? await countPointsAllocationsOfSource(db, source)
    : await recordChange(db, options.by ?? unnamedActor, { action: 'allocate', target: source, after }, async (trx) => {
        const replaced = await replacePointsAllocations(trx, source, rows, writeProgress(rows.length, options.onProgress));
        return { result: replaced, before: { rows: replaced } };
      });
  return {
    ok: true,
    source,
    users: users.length,
    blockedUsersExcluded: await countBlockedUsersWithPoints(db),
    totalPoints,
    poolMicro: pool,
    allocationRatio: allocationRatio(pool, totalPoints),
    replacedRows,
    dryRun: options.dryRun ?? false,
  };
}
