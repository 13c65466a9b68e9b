import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { copyFromStdin, copyText } from '../../server/platform/db/copy-from-stdin.js';
import { useSharedDatabase } from '../helpers/build-app.js';
import { postgresUrl } from '../helpers/test-database.js';

const database = useSharedDatabase();

const line = (...values: string[]) => `${values.map(copyText).join('\t')}\n`;

describe.runIf(postgresUrl)('COPY … FROM STDIN in a transaction (PostgreSQL)', () => {
  it('stores every line, its texts as written, and the connection goes back to the pool ready', async () => {
    await sql`create table copy_target (name text not null, amount bigint not null)`.execute(database.db);
    try {
      const odd = 'tab\there, back\\slash, line\r\nend';
      await database.db.transaction().execute(async (trx) => {
        await copyFromStdin(trx, 'copy_target', ['name', 'amount'], [line('plain', '1') + line(odd, '2'), line('third', '9007199254740991')]);
      });
      const rows = await sql<{ name: string; amount: string }>`select name, amount::text from copy_target order by amount`.execute(database.db);
      expect(rows.rows).toEqual([
        { name: 'plain', amount: '1' },
        { name: odd, amount: '2' },
        { name: 'third', amount: '9007199254740991' },
      ]);
    } finally {
      await sql`drop table copy_target`.execute(database.db);
    }
  });

  it('fails on a bad line, rolls the transaction back, and the next statements run', async () => {
    await sql`create table copy_target (name text not null, amount bigint not null)`.execute(database.db);
    try {
      const attempt = database.db.transaction().execute(async (trx) => {
        await sql`insert into copy_target values ('before', 0)`.execute(trx);
        await copyFromStdin(trx, 'copy_target', ['name', 'amount'], [line('good', '1'), line('bad', 'not a number'), line('after', '3')]);
      });
      await expect(attempt).rejects.toThrow(/invalid input syntax for type bigint/);
      // Each of the pool's connections, the failed one among them, still answers.
      const counts = await Promise.all(
        Array.from({ length: 12 }, () => sql<{ count: string }>`select count(*)::text as count from copy_target`.execute(database.db)),
      );
      expect(counts.map((result) => result.rows[0]!.count)).toEqual(Array(12).fill('0'));
    } finally {
      await sql`drop table copy_target`.execute(database.db);
    }
  });
});
