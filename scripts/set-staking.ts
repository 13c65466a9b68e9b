/** `npm run set-staking -- --locked N`: stores how many NFTs of the collection are locked in staking. */
import os from 'node:os';
import { betweenReads, commandActor, recordChange } from '../server/features/audit/index.js';
import { getStakingLocked, parseLockedCount, setStakingLocked } from '../server/features/staking/index.js';
import { brand } from '@shared/brand';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = 'Usage: npm run set-staking -- --locked N';

const help = `${usage}

Stores how many of the ${brand.collectionSize} ${brand.collectionName} are locked in staking. The staking stats
the site shows (lockedCount, and percentLocked = N / ${brand.collectionSize}) come from this value,
unless STAKING_STATS_URL is set.

Options:
  --locked N   the number of NFTs locked: a whole number from 0 to ${brand.collectionSize}
  -h, --help   show this help

Each change is written to the audit log as cli:<system user>, with the state before and after.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

await runCommand({ usage, help, options: { locked: { type: 'string' } } }, async ({ values }) => {
  if (values.locked === undefined) throw new UsageError('--locked is missing');
  const locked = parseLockedCount(values.locked);
  if (!locked.ok) throw new UsageError(locked.problem);

  const by = commandActor(os.userInfo().username);
  const stats = await withDatabase((db) =>
    recordChange(db, by, { action: 'staking.set' }, betweenReads(getStakingLocked, (trx) => setStakingLocked(trx, locked.value))),
  );
  console.log(`locked ${stats.lockedCount} of ${stats.collectionSize} (${stats.percentLocked.toFixed(2)}%)`);
  return 0;
});
