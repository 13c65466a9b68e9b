/** `npm run import:points -- FILE.csv`: loads the points allocations behind /api/tokens/*. */
import { importPointsFile } from '../server/features/imports/index.js';
import { runImportCli } from './import-cli.js';

const usage = 'Usage: npm run import:points -- FILE.csv [--source NAME] [--dry-run] [--allow-unchecked-addresses] [--keep-demo]';

const help = `${usage}

Loads points allocations (what /api/tokens/* serves) from a CSV file.

The first row is the header and must name exactly these columns, in any order:
  wallet_address    a mainnet bc1p, bc1q, 3 or 1 address whose checksum holds (bech32m, bech32 or
                    base58check); bc1... addresses are stored lower-cased, 1... and 3... as given
  final_points      a non-negative whole number
  allocated_tokens  a non-negative amount with at most 6 decimals, no sign or exponent (e.g. 1500.25)
A wallet has one points allocation: it may appear only once in the file, and not under another
source. Quoted fields, a BOM and CRLF line ends are fine.

Every row is checked before anything is written. If any row is bad, each bad row is printed as
"line N: reason" (N = line in the file, the header is line 1), nothing is written and the exit code is 1.

Options:
  --source NAME  the name of this import (default: the file's name, e.g. points.csv). The import
                 replaces every allocation earlier imported under the same source, in one
                 transaction, so re-importing a corrected file replaces it instead of adding to it.
                 Allocations of other sources are kept; a wallet that already has an allocation
                 from another source rejects the file (\`npm run allocate\` writes source "allocate").
                 "demo" is kept for the demo data set.
  --dry-run      check the file and print the summary without changing the database
  --allow-unchecked-addresses
                 take any non-empty wallet_address as given, without the checksum (test files)
  --keep-demo    import even though the demo data set that \`npm start\` loads is still there;
                 without it the import is refused until \`npm run demo:remove\`
  -h, --help     show this help

The allocation stats (GET /api/tokens/stats) are refreshed in the same transaction.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).
A relative FILE is resolved from the project folder, where npm runs scripts.`;

await runImportCli({ usage, help, categories: false, importFile: importPointsFile });
