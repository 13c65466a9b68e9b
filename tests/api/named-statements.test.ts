import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { NamedStatements, namingClient } from '../../server/platform/db/named-statements.js';
import { useTestApp } from '../helpers/build-app.js';
import { cookiePair } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { seedAllocationRecords, seedPointsAllocations } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();

const lookup = (walletAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } });

async function myAllocation(walletAddress: string) {
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress } });
  return ctx.app.inject({ method: 'GET', url: '/api/tokens/my-allocation', headers: { cookie: cookiePair(login.headers['set-cookie']) } });
}

describe('the hot reads, which PostgreSQL runs as statements each connection prepared once', () => {
  it('keep answering, with the new figures, after the rows they read change', async () => {
    await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '100' }]);
    for (let call = 0; call < 8; call++) expect((await lookup(mainnetWallets.taproot)).json().allocation.totalTokens).toBe(100);
    await ctx.handle.db.deleteFrom('allocation_records').execute();
    await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '250' }]);
    expect((await lookup(mainnetWallets.taproot)).json().allocation.totalTokens).toBe(250);
  });

  // A rolling upgrade migrates while the older processes still answer.
  it('keep answering after a later migration adds a column to a table they read', async () => {
    await seedPointsAllocations(ctx.handle.db, [{ wallet: mainnetWallets.taproot, points: 300, tokens: '1000' }]);
    for (let call = 0; call < 3; call++) expect((await myAllocation(mainnetWallets.taproot)).statusCode).toBe(200);
    await sql`alter table points_allocations add column added_later integer`.execute(ctx.handle.db);
    await sql`alter table allocation_records add column added_later integer`.execute(ctx.handle.db);
    const after = await myAllocation(mainnetWallets.taproot);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().allocation.allocatedTokens).toBe(1000);
    expect((await lookup(mainnetWallets.taproot)).statusCode).toBe(200);
  });

  it.runIf(postgresUrl)('are sent to PostgreSQL by name, other texts unnamed', async () => {
    const client = new pg.Client({ connectionString: postgresUrl! });
    await client.connect();
    try {
      const statements = new NamedStatements();
      statements.name('select $1::int + 1 as answer');
      const naming = namingClient(client as unknown as pg.PoolClient, statements);
      expect((await naming.query<{ answer: number }>('select $1::int + 1 as answer', [41])).rows).toEqual([{ answer: 42 }]);
      expect((await naming.query<{ answer: number }>('select $1::int + 2 as answer', [40])).rows).toEqual([{ answer: 42 }]);
      const prepared = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
      expect(prepared.rows.map((row) => row.statement)).toEqual(['select $1::int + 1 as answer']);
    } finally {
      await client.end();
    }
  });
});
