import { beforeEach, describe, expect, it } from 'vitest';
import { readNow } from '../../server/platform/db/read-now.js';
import { walletCategoriesQuery } from '../../server/features/allocation/allocation.repository.js';
import { useTestDatabase } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

const database = useTestDatabase();
beforeEach(async () => {
  await database.db
    .insertInto('allocation_records')
    .values({ wallet_address: mainnetWallets.taproot, category: 'Holder Airdrop', tokens_micro: 2_000_000, source: 'list' })
    .execute();
});

const categories = (wallet: string) => walletCategoriesQuery.execute(database.db, wallet);
const micros = (rows: { micro: number | string }[]) => rows.map((row) => Number(row.micro));

describe('a prepared read', () => {
  it('answers what the query builder answers', async () => {
    expect(micros(await categories(mainnetWallets.taproot))).toEqual([2_000_000]);
    const built = await database.db
      .selectFrom('allocation_records')
      .select((eb) => eb.fn.sum<number>('tokens_micro').as('micro'))
      .where('wallet_address', '=', mainnetWallets.taproot)
      .execute();
    expect(micros(built)).toEqual([2_000_000]);
  });

  it("never sees another request's open transaction, and waits for it instead of reading inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('allocation_records')
          .values({ wallet_address: mainnetWallets.taproot, category: 'Public Sale', tokens_micro: 5_000_000, source: 'list' })
          .execute();
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);

    await insertedInTransaction;
    if (!database.config.databaseUrl) {
      // SQLite's one connection is inside the transaction: nothing may be read on it at once.
      expect(readNow(database.db, walletCategoriesQuery.compile(database.db, mainnetWallets.taproot))).toBeNull();
    }
    const read = categories(mainnetWallets.taproot);
    release();
    expect(await transaction).toBe('rolled back');
    // The rolled-back row was never part of any answer.
    expect(micros(await read)).toEqual([2_000_000]);
  });

  it('is read at once on SQLite while the connection is free, and the usual way on PostgreSQL', () => {
    const rows = readNow(database.db, walletCategoriesQuery.compile(database.db, mainnetWallets.taproot));
    if (database.config.databaseUrl) expect(rows).toBeNull();
    else expect(micros(rows!)).toEqual([2_000_000]);
  });
});
