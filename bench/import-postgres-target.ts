import fs from 'node:fs';
import path from 'node:path';
import type { ImportTarget } from './import-target.js';
import { createBenchSchema } from './postgres-schema.js';
import { timed } from './timed-command.js';

/**
 * The newest /usr/lib/postgresql/N/bin/psql, else the one on PATH: Debian's /usr/bin/psql is a Perl
 * wrapper whose own start-up would count against the baseline.
 */
function findPsql(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((version) => fs.existsSync(path.join(root, version, 'bin', 'psql'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin', 'psql') : 'psql';
}

/**
 * allocation_records as the migrations leave it on PostgreSQL (columns, primary key and both indexes),
 * loaded by `\copy`, the indexes built after the load. The source is the one value the product writes
 * (the file's name). The file's amounts always carry six decimals and the column holds micro-tokens,
 * so `tr` drops the point as the file streams in.
 */
function baselineScript(csv: string): string {
  return [
    '\\set ON_ERROR_STOP on',
    `create table allocation_records (id bigserial primary key, wallet_address text not null, category text not null, tokens_micro bigint not null, source text not null default '${path.basename(csv)}');`,
    `\\copy allocation_records (wallet_address, category, tokens_micro) from program 'tr -d . < ${csv}' with (format csv, header true)`,
    'create index allocation_records_source_idx on allocation_records (source);',
    'create index allocation_records_wallet_cover_idx on allocation_records (wallet_address, category, tokens_micro, source);',
  ].join('\n');
}

/** PostgreSQL at `databaseUrl`: each side in a fresh schema, dropped after it. */
export function postgresImportTarget(csv: string, work: string, databaseUrl: string): ImportTarget {
  const psql = findPsql();
  const script = baselineScript(csv);

  return {
    baselineName: 'psql',
    goal: null,
    async timeBaseline() {
      const schema = await createBenchSchema(databaseUrl);
      try {
        // PGOPTIONS rather than the schema's URL: libpq reads no `+` as a space in a URL's options.
        const env = { ...process.env, PGOPTIONS: `-c search_path=${schema.name}` };
        return timed('psql', psql, ['-X', '-q', '-d', databaseUrl], { input: script, env });
      } finally {
        await schema.drop();
      }
    },
    async timeProduct(round, nodeArgs) {
      const schema = await createBenchSchema(databaseUrl);
      const dataDir = path.join(work, `data-${round}`);
      try {
        const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: schema.url, LOG_LEVEL: 'silent' };
        return timed('product', process.execPath, nodeArgs, { env });
      } finally {
        await schema.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
