import { describe, expect, it } from 'vitest';
import { pgRestoreProblem } from '../../server/features/backups/postgres-tools.js';

const rights = { role: 'acorn', database: 'acorn_drill' };

describe('pgRestoreProblem', () => {
  it('says to create the database with --owner when pg_restore was refused a right (PostgreSQL 15: createdb without --owner)', () => {
    const message =
      'pg_restore failed (exit code 1): pg_restore: error: could not execute query: ERROR:  permission denied for schema public\nLINE 1: CREATE TABLE public.admin_roles (';
    const problem = pgRestoreProblem(message, rights);
    expect(problem).toMatch(/^pg_restore was refused a right role acorn needs in database acorn_drill: create the database with createdb --owner acorn acorn_drill/);
    expect(problem).toContain('permission denied for schema public');
    expect(pgRestoreProblem('pg_restore: error: … permission denied for database acorn_drill', rights)).toContain('createdb --owner acorn acorn_drill');
  });

  it('passes any other failure on as pg_restore said it', () => {
    expect(pgRestoreProblem('pg_restore failed (exit code 1): pg_restore: error: could not connect', rights)).toBe(
      'pg_restore: pg_restore failed (exit code 1): pg_restore: error: could not connect',
    );
  });
});
