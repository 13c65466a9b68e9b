import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { importAllocationsFile, removeAllocationSource } from '../../server/features/imports/index.js';
import { useTestDatabase } from '../helpers/build-app.js';
import { databaseContents, refusedInsertMessage, refuseInserts } from '../helpers/rollback-checks.js';
import { postgresUrl } from '../helpers/test-database.js';

/**
 * A written change of the allocation list is one transaction: its records, the source's snapshot label,
 * the stored tree, the published root and the audit entry commit together or not at all. The audit
 * entry is the change's last write; the database refuses it here, and nothing of the change is left.
 */
const database = useTestDatabase();

const writeList = (name: string, holders: number) => {
  const rows = Array.from({ length: holders }, (_, i) => `${madeUpWallet('taproot', `rollback-${i}`)},Holder Airdrop,${i + 1}`);
  const file = path.join(database.config.dataDir, name);
  fs.writeFileSync(file, ['wallet_address,category,tokens', ...rows].join('\n') + '\n');
  return file;
};

const tableCounts = async () => {
  const count = async (table: 'allocation_records' | 'allocation_snapshots' | 'allocation_tree' | 'allocation_tree_buckets' | 'published_roots' | 'audit_log') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
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
    await refuseInserts(database.db, 'audit_log');
    const before = await databaseContents(database.db);

    await expect(importAllocationsFile(database.db, list, { source: 'launch' })).rejects.toThrow(refusedInsertMessage);

    expect(await tableCounts()).toEqual({ records: 0, snapshots: 0, trees: 0, buckets: 0, roots: 0, audit: 0 });
    expect(await databaseContents(database.db)).toEqual(before);
  });

  it('leaves the published list as it was when the audit entry of a correction or a removal after the reveal fails', async () => {
    // No reveal schedule: the list is public, so the first import published its root.
    expect(await importAllocationsFile(database.db, writeList('launch.csv', 50), { source: 'launch' })).toMatchObject({ ok: true });
    expect(await tableCounts()).toMatchObject({ records: 50, snapshots: 1, trees: 1, roots: 1, audit: 1 });
    await refuseInserts(database.db, 'audit_log');
    const before = await databaseContents(database.db);

    const correction = { source: 'launch', replace: true, afterReveal: { reason: 'a corrected list' } };
    await expect(importAllocationsFile(database.db, writeList('corrected.csv', 40), correction)).rejects.toThrow(refusedInsertMessage);
    await expect(removeAllocationSource(database.db, 'launch', { replace: true, afterReveal: { reason: 'withdrawn' } })).rejects.toThrow(refusedInsertMessage);

    expect(await databaseContents(database.db)).toEqual(before);
  });
});
