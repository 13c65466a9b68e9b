import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh schema on the server `databaseUrl` names, dropped afterwards: the bench's tables start empty
 * and leave nothing behind in a shared database. Its URL sets the schema as every connection's search
 * path, so the product, the import and the bare route need no other setting.
 */
export async function createBenchSchema(databaseUrl: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${name}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { url: url.toString(), name, drop: () => admin(`drop schema ${name} cascade`) };
}
