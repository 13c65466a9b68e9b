import path from 'node:path';
import { connectDatabase } from '../../platform/db/connect.js';
import type { BackupManifest } from './backup-manifest.js';
import { postgresDumpName } from './backup-sources.js';
import { describePostgresSchema, describeRestoreRights, dropRestoredSchema, listPublicFunctions } from './backups.repository.js';
import { createWithOwnerAdvice, libpqUrl, pgRestoreProblem, runPostgresTool, searchPathSchema } from './postgres-tools.js';
import { check, CheckFailed, checkDatabase, checkFiles, type Report } from './restore-checks.js';

/**
 * A PostgreSQL backup into the empty database DATABASE_URL names (into the schema its search_path
 * names, which must be the one that was dumped). pg_restore runs in one transaction; when a later
 * check fails, what it restored is dropped again.
 */
export async function restorePostgres(report: Report, { backup, manifest, databaseUrl }: { backup: string; manifest: BackupManifest; databaseUrl: string }) {
  const target = searchPathSchema(databaseUrl) ?? 'public';
  const dumped = manifest.postgresSchema ?? 'public';
  const { db } = connectDatabase({ dataDir: '', databaseUrl });
  try {
    check(
      report,
      target === dumped,
      target === dumped
        ? `the backup's schema ${dumped} is the one DATABASE_URL selects`
        : `the backup holds schema ${dumped}, DATABASE_URL selects ${target}: restore into a database where ${dumped} is free, with options=-c search_path=${dumped} in DATABASE_URL`,
    );
    const schema = await describePostgresSchema(db, target);
    check(
      report,
      schema.tables === 0,
      schema.tables === 0
        ? `schema ${target} of the database is empty`
        : `schema ${target} of the database holds ${schema.tables} tables: restore into an empty database (createdb --owner ROLE NAME), never over a used one`,
    );
    // Before pg_restore: a database made by `createdb NAME` as another role refuses it half-way otherwise.
    const rights = await describeRestoreRights(db, { name: target, exists: schema.exists });
    const creates = target === 'public' && schema.exists ? `create tables in schema public of database ${rights.database}` : `create schema ${target} in database ${rights.database}`;
    const onlyOwner = target === 'public' ? "; PostgreSQL 15 and later let only the database's owner create in public" : '';
    check(
      report,
      rights.mayCreate,
      rights.mayCreate
        ? `role ${rights.role} may ${creates}`
        : `role ${rights.role} may not ${creates} (owned by ${rights.owner}${onlyOwner}): ${createWithOwnerAdvice(rights.role, rights.database)}`,
    );
    await checkFiles(report, backup, manifest);
    const dump = path.join(backup, postgresDumpName);
    try {
      await runPostgresTool('pg_restore', ['--list', dump]);
    } catch (error) {
      check(report, false, `${postgresDumpName} is not a readable archive: ${(error as Error).message}`);
    }
    report({ ok: true, text: `${postgresDumpName} is a readable archive (pg_restore --list)` });
    // pg_restore creates the dumped schema itself; an empty one left in its way goes.
    if (target !== 'public' && schema.exists) await dropRestoredSchema(db, target);
    const functionsBefore = target === 'public' ? await listPublicFunctions(db) : [];
    try {
      await runPostgresTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', libpqUrl(databaseUrl), dump]);
    } catch (error) {
      check(report, false, pgRestoreProblem((error as Error).message, rights));
    }
    report({ ok: true, text: `pg_restore into schema ${target}` });
    try {
      await checkDatabase(report, db, 'postgres', manifest);
    } catch (error) {
      if (error instanceof CheckFailed) await dropRestoredSchema(db, target, functionsBefore);
      throw error;
    }
  } finally {
    await db.destroy();
  }
}
