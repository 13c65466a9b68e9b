import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getAllocationProof } from '../../server/features/allocation/allocation-proof.service.js';
import { createAllocationTreeCache } from '../../server/features/allocation/allocation-tree-cache.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import type { Database } from '../../server/platform/db/schema.js';
import { nodeSha256 } from '../../server/platform/lib/node-sha256.js';
import { knownAllocationCategories } from '../../shared/allocation-categories.js';
import { verifyAllocationLeaf } from '../../shared/merkle.js';
import { useTestDatabase } from '../helpers/build-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { numberedWallet } from '../helpers/wallets.js';

const database = useTestDatabase();

const wallet = numberedWallet;

// On PostgreSQL each statement is a round trip and a wait for one of the pool's ten connections: a proof
// that asked for each bucket apart queued a dozen calls behind every other request's.
describe.runIf(postgresUrl)('a proof on PostgreSQL', () => {
  it('reads every bucket its leaves pass through in one statement, and each leaf still verifies', async () => {
    // 400 leaves in 25 buckets; the wallet's nine leaves sort into buckets far apart.
    const holder = wallet(0);
    const lines = knownAllocationCategories.slice(0, 9).map((category, i) => `${holder},${category},${i + 1}`);
    for (let n = 1; lines.length < 400; n += 1) lines.push(`${wallet(n)},${knownAllocationCategories[n % 9]},${n}`);
    const file = path.join(database.config.dataDir, 'list.csv');
    fs.writeFileSync(file, `wallet_address,category,tokens\n${lines.join('\n')}\n`);
    const imported = await importAllocationsFile(database.db, file, { source: 'list', allowUncheckedAddresses: true, afterReveal: { reason: 'test' } });
    if (!imported.ok) throw new Error(`import refused: ${JSON.stringify(imported)}`);

    const statements: string[] = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.config.databaseUrl!, max: 10 }) }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    try {
      const proof = await getAllocationProof(db, createAllocationTreeCache(db), holder);
      expect(proof.leaves).toHaveLength(9);
      for (const leaf of proof.leaves) expect(await verifyAllocationLeaf(nodeSha256, { wallet: holder, ...leaf }, proof.root)).toBe(true);
      expect(statements.filter((text) => text.includes('"allocation_tree_buckets"'))).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
