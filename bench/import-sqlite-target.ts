import fs from 'node:fs';
import path from 'node:path';
import type { ImportTarget } from './import-target.js';
import { timed } from './timed-command.js';

/** SQLite: the sqlite3 CLI's `.import` of the file plus the product's index into a fresh file, the import into a fresh DATA_DIR. */
export function sqliteImportTarget(csv: string, work: string): ImportTarget {
  const baselineScript = [
    'create table allocation_records (wallet_address text, category text, tokens text);',
    `.import --csv --skip 1 '${csv}' allocation_records`,
    // The product's covering index over the file's columns (its fourth column, the source, is one value).
    'create index allocation_records_wallet_cover_idx on allocation_records (wallet_address, category, tokens);',
  ].join('\n');

  return {
    baselineName: 'sqlite3',
    goal: 'at most 3x',
    async timeBaseline(round) {
      const database = path.join(work, `baseline-${round}.sqlite`);
      const seconds = timed('sqlite3', 'sqlite3', [database], { input: baselineScript });
      fs.rmSync(database, { force: true });
      return seconds;
    },
    async timeProduct(round, nodeArgs) {
      const dataDir = path.join(work, `data-${round}`);
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const seconds = timed('product', process.execPath, nodeArgs, { env });
      fs.rmSync(dataDir, { recursive: true, force: true });
      return seconds;
    },
  };
}
