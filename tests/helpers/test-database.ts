import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * API tests run against SQLite by default and against PostgreSQL when TEST_DATABASE_URL is set.
 * Each test file gets a fresh PostgreSQL schema (the connection's search_path), dropped afterwards.
 */
export const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || null;

export async function createPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();

  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}
