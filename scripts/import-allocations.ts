/** `npm run import:allocations -- FILE.csv`: loads the allocation records behind the allocation lookup. */
import { importAllocationsFile } from '../server/features/imports/allocation-import.service.js';
import { runImportCli } from './import-cli.js';

const usage = 'Usage: npm run import:allocations -- FILE.csv [--source NAME] [--dry-run]';

const help = `${usage}

Loads allocation records (what POST /api/allocation/lookup answers) from a CSV file.

The first row is the header and must name exactly these columns, in any order:
  wallet_address  the wallet; bc1... addresses are stored lower-cased, 1... and 3... as given
  category        e.g. "TGE Airdrop" or "Whale Bonus #1" (at most 200 characters)
  tokens          a non-negative amount with at most 6 decimals, no sign or exponent (e.g. 34123.5)
A wallet may have several rows, one per category. Quoted fields, a BOM and CRLF line ends are fine.

Every row is checked before anything is written. If any row is bad, each bad row is printed as
"line N: reason" (N = line in the file, the header is line 1), nothing is written and the exit code is 1.

Options:
  --source NAME  the name of this import (default: the file's name, e.g. allocations.csv). The import
                 replaces every record earlier imported under the same source, in one transaction,
                 so re-importing a corrected file replaces it instead of adding to it. Records of
                 other sources are kept.
  --dry-run      check the file and print the summary without changing the database
  -h, --help     show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).
A relative FILE is resolved from the project folder, where npm runs scripts.`;

await runImportCli({ usage, help, importFile: importAllocationsFile });
