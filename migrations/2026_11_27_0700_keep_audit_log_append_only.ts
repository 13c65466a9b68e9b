import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The audit log refuses UPDATE and DELETE (and on PostgreSQL TRUNCATE) in the database itself, so no
 * statement changes an entry, whoever runs it: only INSERT and SELECT are left. A restore still works:
 * pg_restore loads rows with COPY (an insert) and creates the triggers after the data, and a SQLite
 * restore copies the file. On PostgreSQL the function lives in the connection's current schema.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % is refused', tg_op
          using errcode = 'insufficient_privilege', hint = 'An entry, once written, stays as written; record a correction as a new entry.';
      end
      $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    return;
  }
  await sql`create trigger audit_log_no_update before update on audit_log
    begin select raise(abort, 'audit_log is append-only: UPDATE is refused'); end`.execute(db);
  await sql`create trigger audit_log_no_delete before delete on audit_log
    begin select raise(abort, 'audit_log is append-only: DELETE is refused'); end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
    await sql`drop trigger audit_log_no_change on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
    return;
  }
  await sql`drop trigger audit_log_no_delete`.execute(db);
  await sql`drop trigger audit_log_no_update`.execute(db);
}
