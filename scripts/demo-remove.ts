/** `npm run demo:remove`: deletes exactly the rows of the demo data set and says what it removed. */
import os from 'node:os';
import { publishPastReveal, type RootPublication, settleTableRootChange } from '../server/features/allocation/index.js';
import { betweenReads, commandActor, recordChange } from '../server/features/audit/index.js';
import { countDemoRows, hasAnyDemoRow } from '../server/features/demo/index.js';
import { removeDemoData } from '../server/features/demo/index.js';
import { count, runCommand, withDatabase } from './cli.js';
import { afterRevealHelp, afterRevealOptions, publicationLines, readAfterReveal } from './root-publication.js';

const usage = 'Usage: npm run demo:remove [--after-reveal --reason "…"]';

const line = (table: string, removed: number, note = '') => `  ${`${table}:`.padEnd(20)} ${count(removed)}${note}`;

const help = `${usage}

Deletes the demo data set that \`npm start\` loads into an empty database, and nothing else:
  users               the demo users; one someone has since used for real (logged in, linked X,
                      claimed a post, made a meme) is kept, with only the points it earned itself
  allocation records  those of source "demo"
  points allocations  those of source "demo" (the allocation stats are refreshed)
  settings            the demo staking figure, unless \`npm run set-staking\` wrote a real one
All in one transaction. Afterwards \`npm start\` does not load the demo set again. Safe to run while
the server runs: the pages drop their "demo data" notice within about a minute.

Options:
${afterRevealHelp}
                   (once the list was published with demo records beside real ones, removing them
                   changes its root)
  -h, --help       show this help

The removal is written to the audit log as cli:<system user>, with the demo rows counted before and after.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

await runCommand({ usage, help, options: afterRevealOptions }, async ({ values }) => {
  const afterReveal = readAfterReveal(values);
  return withDatabase(async (db) => {
    const before = await countDemoRows(db);
    const by = commandActor(os.userInfo().username);
    // A reveal no server recorded published the root the list holds now (published-roots.service.ts).
    if (before.allocationRecords > 0) await publishPastReveal(db);
    let publication: RootPublication | undefined;
    const entry = { action: 'demo.remove', reason: afterReveal?.reason ?? null };
    const removed = await recordChange(
      db,
      by,
      entry,
      betweenReads(countDemoRows, async (trx) => {
        const removal = await removeDemoData(trx);
        // Refused (rolled back) when it changes a published root without --after-reveal --reason.
        if (removal.allocationRecords > 0) publication = await settleTableRootChange(trx, { afterReveal, what: 'removing the demo data set' });
        return removal;
      }),
    );
    if (!hasAnyDemoRow(before)) {
      console.log('no demo data in the database; nothing removed');
      return 0;
    }
    const kept = removed.usersKept ? ` (${removed.usersKept} kept: used for real since, demo points cleared)` : '';
    console.log('removed the demo data set:');
    console.log(line('users', removed.users, kept));
    console.log(line('allocation records', removed.allocationRecords));
    console.log(line('points allocations', removed.pointsAllocations));
    console.log(line('settings', removed.settings, removed.settings ? ' (the staking figure)' : ''));
    for (const text of publicationLines(publication)) console.log(text);
    return 0;
  });
});
