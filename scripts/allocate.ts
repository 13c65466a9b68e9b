/** `npm run allocate -- --pool TOKENS`: shares a token pool among users by points, into points_allocations. */
import os from 'node:os';
import { commandActor } from '../server/features/audit/index.js';
import { allocateFromPoints, defaultAllocateSource } from '../server/features/imports/index.js';
import { sourceNameProblem } from '../server/features/imports/index.js';
import { microToString } from '@shared/token-amount';
import { field, plural, progressLine, runCommand, UsageError, withDatabase } from './cli.js';

const usage = 'Usage: npm run allocate -- --pool TOKENS [--source NAME] [--dry-run] [--keep-demo]';

const help = `${usage}

Shares a pool of tokens among users in proportion to their points and writes the result as points
allocations (what /api/tokens/* serves):
  tokens of a user = pool x the user's points / the total points of all counted users
exact to the micro-token (6 decimals): shares are rounded down and the micro-tokens left over go one
each to the largest remainders (ties to the earliest user), so the shares add up to the pool exactly.
Blocked users and users with 0 points are left out.

Options:
  --pool TOKENS  the tokens to share: a non-negative amount with at most 6 decimals (e.g. 80000000)
  --source NAME  the source of the written rows (default: ${defaultAllocateSource}). Every allocation earlier
                 written under this source is replaced, in one transaction, so running it again
                 replaces instead of adding. Refused when a user's wallet already has an allocation
                 from another source (e.g. an import).
  --dry-run      compute and print the summary without changing the database
  --keep-demo    allocate even though the demo data set is loaded (its users would get shares);
                 without it the allocation is refused until \`npm run demo:remove\`
  -h, --help     show this help

The allocation stats (GET /api/tokens/stats) are refreshed in the same transaction.
An allocation (not a dry run) is written to the audit log as cli:<system user>, with the rows replaced and written.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const options = {
  pool: { type: 'string' },
  source: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'keep-demo': { type: 'boolean' },
} as const;

await runCommand({ usage, help, options }, async ({ values }) => {
  if (values.pool === undefined) throw new UsageError('--pool is missing');
  const problem = values.source === undefined ? null : sourceNameProblem(values.source);
  if (problem) throw new UsageError(`--source: ${problem}`);

  const progress = progressLine();
  const result = await withDatabase((db) =>
    allocateFromPoints(db, {
      pool: values.pool!,
      source: values.source,
      dryRun: values['dry-run'],
      keepDemo: values['keep-demo'],
      onProgress: progress.onProgress,
      by: commandActor(os.userInfo().username),
    }),
  ).finally(progress.end);
  if (!result.ok) {
    for (const error of result.errors) console.error(error);
    console.error('allocation refused; the database was not changed');
    return 1;
  }
  console.log(`${result.dryRun ? 'computed (dry run, nothing written)' : 'allocated'} as source "${result.source}"`);
  console.log(field('pool', `${microToString(result.poolMicro)} tokens`));
  console.log(field('users counted', result.users));
  console.log(field('blocked excluded', result.blockedUsersExcluded));
  console.log(field('total points', result.totalPoints));
  console.log(field('allocationRatio', `${result.allocationRatio} tokens per point`));
  const replaced = result.replacedRows ? plural(result.replacedRows, 'earlier row') : 'nothing';
  console.log(field(result.dryRun ? 'would replace' : 'replaced', replaced));
  return 0;
});
