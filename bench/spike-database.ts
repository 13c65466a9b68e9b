import { loadBenchData } from './bench-data.js';
import { loadPostgresBenchData } from './postgres-data.js';
import { createBenchSchema } from './postgres-schema.js';

export type SpikeDatabaseKind = 'sqlite' | 'postgres';
export const spikeDatabaseKinds: readonly SpikeDatabaseKind[] = ['sqlite', 'postgres'];

/** Where the spike's data set lives and how the product finds it. */
export interface SpikeDatabase {
  /** As the header line names it. */
  name: 'SQLite' | 'PostgreSQL';
  /** The PostgreSQL schema holding the data set, or null on SQLite (it is in the data folder). */
  schemaName: string | null;
  /** Loads the realistic list of `records` allocation records; resolves to its wallets. */
  load: (dataDir: string, records: number) => Promise<number>;
  /** What the product's environment needs for this database. */
  productEnv: (dataDir: string) => Record<string, string>;
  /** Removes what lives outside the data folder. */
  drop: () => Promise<void>;
}

const count = (records: number) => records.toLocaleString('en-US');

const sqlite: SpikeDatabase = {
  name: 'SQLite',
  schemaName: null,
  load: async (dataDir, records) => {
    console.log(`loading ${count(records)} allocation records into ${dataDir}…`);
    return (await loadBenchData(dataDir, records)).wallets;
  },
  productEnv: (dataDir) => ({
    DATA_DIR: dataDir,
    // One client address for the whole crowd: the per-IP limit would answer it 429.
    LOOKUP_RATE_LIMIT: '0',
  }),
  drop: async () => undefined,
};

/** A fresh schema on the server `databaseUrl` names (bench/postgres-schema.ts), loaded as the PostgreSQL bench loads it. */
async function postgres(databaseUrl: string): Promise<SpikeDatabase> {
  const schema = await createBenchSchema(databaseUrl);
  return {
    name: 'PostgreSQL',
    schemaName: schema.name,
    load: async (dataDir, records) => {
      console.log(`loading ${count(records)} allocation records (realistic data) into PostgreSQL schema ${schema.name}…`);
      return (await loadPostgresBenchData(schema.url, dataDir, records)).wallets;
    },
    productEnv: (dataDir) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: schema.url,
      // On PostgreSQL the lookup limit writes a row per request: from this one client every request would
      // wait on the same row, which no crowd of visitors does (the PostgreSQL bench measures its cost).
      LOOKUP_RATE_LIMIT: '0',
    }),
    drop: schema.drop,
  };
}

/** The spike's database: a data folder's SQLite file, or a fresh schema on the PostgreSQL `databaseUrl` names. */
export function openSpikeDatabase(kind: SpikeDatabaseKind, databaseUrl: string | undefined): Promise<SpikeDatabase> {
  if (kind === 'sqlite') return Promise.resolve(sqlite);
  if (!databaseUrl) throw new Error('the spike on PostgreSQL needs DATABASE_URL');
  return postgres(databaseUrl);
}
