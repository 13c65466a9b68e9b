/** `npm run allocation:root`: the Merkle root over every allocation record, as GET /api/allocation/root serves it. */
import { computeAllocationRoot } from '../server/features/allocation/index.js';
import { listAllocationSnapshots } from '../server/features/allocation/index.js';
import { field, runCommand, withDatabase } from './cli.js';

const usage = 'Usage: npm run allocation:root';

const help = `${usage}

Computes the Merkle root over every allocation record in the database and prints it with the number of
leaves and each import's "as of" block. Publish the root when you announce an allocation: anyone can then
check their own allocation against it (docs/verify-allocation.md).

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

await runCommand({ usage, help }, async () => {
  const { root, snapshots } = await withDatabase(async (db) => ({
    root: await computeAllocationRoot(db),
    snapshots: await listAllocationSnapshots(db),
  }));
  console.log(field('merkle root', root.root ?? 'none (no allocation records)'));
  console.log(field('merkle leaves', root.leafCount));
  console.log(field('as of block', root.asOfBlock === null ? 'unknown' : root.asOfBlock.toLocaleString('en-US')));
  for (const snapshot of snapshots) {
    const height = snapshot.asOfBlock === null ? 'unknown' : snapshot.asOfBlock.toLocaleString('en-US');
    console.log(`  source "${snapshot.source}": as of block ${height}, imported ${new Date(snapshot.importedAt).toISOString()}`);
  }
  return 0;
});
