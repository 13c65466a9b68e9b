import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { importAllocationsFile, removeAllocationSource } from '../../server/features/imports/index.js';
import type { AppConfig } from '../../server/platform/config.js';
import type { Database } from '../../server/platform/db/schema.js';
import { databaseContents, refusedInsertMessage, refuseInserts } from '../helpers/rollback-checks.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';

/**
 * A written change of the allocation list is one transaction: its records, the source's snapshot label,
 * the stored tree, the published root and the audit entry commit together or not at all. The audit
 * entry is the change's last write; the database refuses it here, and nothing of the change is left.
 */
let config: AppConfig;
let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ config, db, close } = await createTestDatabase());
});
afterEach(async () => close());

const writeList = (name: string, holders: number) => {
  const rows = Array.from({ length: holders }, (_, i) => `${madeUpWallet('taproot', `rollback-${i}`)},Holder Airdrop,${i + 1}`);
  const file = path.join(config.dataDir, name);
  fs.writeFileSync(file, ['wallet_address,category,tokens', ...rows].join('\n') + '\n');
  return file;
};

const tableCounts = async () => {
  const count = async (table: 'allocation_records' | 'allocation_snapshots' | 'allocation_tree' | 'allocation_tree_buckets' | 'published_roots' | 'audit_log') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    records: await count('allocation_records'),
    snapshots: await count('allocation_snapshots'),
    trees: await count('allocation_tree'),
    buckets: await count('allocation_tree_buckets'),
    roots: await count('published_roots'),
    audit: await count('audit_log'),
  };
};

describe(`a written allocation list change on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('leaves nothing of a first import (records, snapshot, tree, published root) when its audit entry fails', async () => {
    const list = writeList('launch.csv', 50);
    await refuseInserts(db, 'audit_log');
    const before = await databaseContents(db);

    await expect(importAllocationsFile(db, list, { source: 'launch' })).rejects.toThrow(refusedInsertMessage);

    expect(await tableCounts()).toEqual({ records: 0, snapshots: 0, trees: 0, buckets: 0, roots: 0, audit: 0 });
    expect(await databaseContents(db)).toEqual(before);
  });

  it('leaves the published list as it was when the audit entry of a correction or a removal after the reveal fails', async () => {
    // No reveal schedule: the list is public, so the first import published its root.
    expect(await importAllocationsFile(db, writeList('launch.csv', 50), { source: 'launch' })).toMatchObject({ ok: true });
    expect(await tableCounts()).toMatchObject({ records: 50, snapshots: 1, trees: 1, roots: 1, audit: 1 });
    await refuseInserts(db, 'audit_log');
    const before = await databaseContents(db);

    const correction = { source: 'launch', replace: true, afterReveal: { reason: 'a corrected list' } };
    await expect(importAllocationsFile(db, writeList('corrected.csv', 40), correction)).rejects.toThrow(refusedInsertMessage);
    await expect(removeAllocationSource(db, 'launch', { replace: true, afterReveal: { reason: 'withdrawn' } })).rejects.toThrow(refusedInsertMessage);

    expect(await databaseContents(db)).toEqual(before);
  });
});
