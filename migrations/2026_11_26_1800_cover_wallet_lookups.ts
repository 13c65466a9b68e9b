import type { Kysely } from 'kysely';

/**
 * A lookup reads a wallet's records (category, amount) and their sources (the snapshot's block) from
 * one range of one index. A list arrives grouped by category, so a wallet's rows lie far apart in the
 * table; with every column the lookup reads in the index, it never visits them there.
 * (wallet_address, category) was a prefix of this index: it goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('allocation_records_wallet_cover_idx')
    .on('allocation_records')
    .columns(['wallet_address', 'category', 'tokens_micro', 'source'])
    .execute();
  await db.schema.dropIndex('allocation_records_wallet_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('allocation_records_wallet_idx')
    .on('allocation_records')
    .columns(['wallet_address', 'category'])
    .execute();
  await db.schema.dropIndex('allocation_records_wallet_cover_idx').execute();
}
