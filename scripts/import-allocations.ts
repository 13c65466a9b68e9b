/** `npm run import:allocations -- FILE.csv`: loads the allocation records behind the allocation lookup. */
import { knownAllocationCategories } from '@shared/allocation-categories';
import { importAllocationsFile } from '../server/features/imports/index.js';
import { asOfBlockHelp } from './allocation-snapshot.js';
import { runImportCli } from './import-cli.js';
import { afterRevealHelp } from './root-publication.js';
import { runSourceRemoval } from './remove-source-cli.js';

const usage =
  'Usage: npm run import:allocations -- FILE.csv [--source NAME] [--dry-run] [--replace] [--category NAME]... [--allow-unchecked-addresses] [--keep-demo] [--as-of-block N] [--show N] [--after-reveal --reason TEXT]\n' +
  '       npm run import:allocations -- --remove-source NAME [--dry-run] [--replace] [--keep-demo] [--show N] [--after-reveal --reason TEXT]';

const help = `${usage}

Loads allocation records (what POST /api/allocation/lookup answers) from a CSV file.

The first row is the header and must name exactly these columns, in any order:
  wallet_address  a mainnet bc1p, bc1q, 3 or 1 address whose checksum holds (bech32m, bech32 or
                  base58check); bc1... addresses are stored lower-cased, 1... and 3... as given
  category        one of the known categories (exactly as written):
${knownAllocationCategories.map((name) => `                    ${name}`).join('\n')}
                  or one added with --category
  tokens          a non-negative amount with at most 6 decimals, no sign or exponent (e.g. 34123.5)
A wallet may have several rows, one per category; the same wallet and category twice is an error.
Quoted fields, a BOM and CRLF line ends are fine.

Nothing is kept unless every row passes: if any row is bad, each bad row is printed as "line N: reason"
(N = line in the file, the header is line 1), the database is left as it was and the exit code is 1.
(The rows are written while the last checksums are still being checked, in one transaction that a
refusal rolls back.)

The list changes only on purpose. Each is refused with exit code 1, the database left as it was:
  - a file with no data rows (only its header), whatever the flags: it would empty its source;
  - a (wallet, category) pair another source already holds, whatever the flags: a renamed file (the
    source defaults to the file name) would count every holder twice;
  - without --replace, an import that removes a wallet from the list or lowers any wallet's total,
    counted per wallet across every source: it prints the difference, as the dry run does, and the
    wallets removed and lowered.

Options:
  --source NAME    the name of this import (default: the file's name, e.g. allocations.csv). The import
                   replaces every record earlier imported under the same source, in one transaction,
                   so re-importing a corrected file replaces it instead of adding to it. Records of
                   other sources are kept. "demo" is kept for the demo data set.
  --dry-run        check the file and print the summary (rows, wallets, tokens per category) without
                   changing the database, and the difference from the live rows of the source: wallets
                   added, removed, changed and unchanged, tokens before and after, the Merkle root of
                   the whole table now (old root) and the root this import publishes when run next
                   with the same flags (new root; with the demo set loaded and no --keep-demo, the
                   root after \`npm run demo:remove\`, labelled so), the first differing wallets by
                   address with their old and new tokens per changed category, the wallets the whole
                   list loses and lowers, and whether the import needs --replace
  --show N         with --dry-run: how many differing wallets to list (default 20; 0 for none)
  --replace        write even though wallets leave the list or totals go down (a correction meant so);
                   the summary and the audit log say how many
  --remove-source NAME
                   instead of a file: remove every record of source NAME and its snapshot, store the new
                   Merkle root and print it; it always needs --replace when the source holds tokens
                   (--dry-run prints the difference and the root first)
  --category NAME  accept one more category (repeat for several). A name holding "Whale Bonus" cannot
                   be added: the page shows whale bonus releases #1 to #3 only.
  --allow-unchecked-addresses
                   take any non-empty wallet_address as given, without the checksum (test files)
  --keep-demo      import even though the demo data set that \`npm start\` loads is still there;
                   without it the import is refused until \`npm run demo:remove\`
${asOfBlockHelp}
${afterRevealHelp}
  -h, --help       show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).
A relative FILE is resolved from the project folder, where npm runs scripts.`;

await runImportCli({ usage, help, categories: true, snapshot: true, importFile: importAllocationsFile, removeSource: runSourceRemoval });
