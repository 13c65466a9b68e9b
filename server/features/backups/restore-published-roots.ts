import fs from 'node:fs';
import path from 'node:path';
import { openSqliteCopy } from '../../platform/db/open-sqlite-file.js';
import { type AfterReveal, type PublishedRootRow, readPublishedRootRows } from '../allocation/index.js';
import type { BackupManifest } from './backup-manifest.js';
import { sqliteCopyName } from './backup-sources.js';
import { check, type Report } from './restore-checks.js';

/** The published roots of the database in `dataDir`, or null when it has none (or is not one this code reads). */
async function publishedRootsIn(dataDir: string): Promise<PublishedRootRow[] | null> {
  const file = path.join(dataDir, sqliteCopyName);
  if (!fs.existsSync(file)) return null;
  try {
    const { db } = openSqliteCopy(file);
    try {
      const rows = await readPublishedRootRows(db);
      return rows.length ? rows : null;
    } finally {
      await db.destroy();
    }
  } catch {
    // Not a database of this app, or one from before roots were recorded: nothing was published from it.
    return null;
  }
}

/**
 * A SQLite restore over a DATA_DIR whose list was published: restoring an older backup changes the
 * published root, which needs `--after-reveal --reason` as any change of it does. Returns the target's
 * published roots (newer than the backup's) for the restored database to keep, or null when it had none.
 * PostgreSQL restores into an empty database, so there is no published root there to hold it against.
 */
export async function checkPublishedRoot(
  report: Report,
  { dataDir, manifest, afterReveal }: { dataDir: string; manifest: BackupManifest; afterReveal?: AfterReveal | undefined },
): Promise<PublishedRootRow[] | null> {
  const rows = await publishedRootsIn(dataDir);
  if (!rows) return null;
  const newest = rows[0]!;
  const standing = newest.replaced_at === null ? newest.root : null;
  const restored = manifest.allocation.root;
  if (standing === restored) {
    report({ ok: true, text: `allocation root ${restored} is the one ${dataDir} published` });
    return rows;
  }
  const published = `${dataDir} published the allocation root ${newest.root} (${new Date(Number(newest.published_at)).toISOString()}${standing ? '' : ', since emptied'})`;
  check(
    report,
    afterReveal !== undefined,
    afterReveal
      ? `${published}; --after-reveal: replaced by this backup's ${restored ?? '(no records)'}, reason: ${afterReveal.reason}`
      : `${published}, this backup's is ${restored ?? '(no records)'}: holders verify their receipts against the published root; to restore it on purpose add --after-reveal --reason "why" (the published root stays listed, marked replaced)`,
  );
  return rows;
}
