import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countDemoRows } from '../../server/features/demo/demo-counts.js';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { removeDemoData } from '../../server/features/demo/remove-demo-data.js';
import type { Database } from '../../server/platform/db/schema.js';
import { databaseContents, refusedInsertMessage, refuseInserts } from '../helpers/rollback-checks.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await createTestDatabase());
});
afterEach(async () => close());

describe(`demo:remove on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('leaves every demo row, the kept user and the points figure as they were when its last write (the removal mark) fails', async () => {
    expect(await loadDemoData(db)).toBe('loaded');
    // A demo user someone logged in with: the removal would keep it as a real user.
    const used = await db.selectFrom('users').select(['id', 'created_at']).where('is_demo', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ last_login_at: used.created_at + 1 }).where('id', '=', used.id).execute();
    const counts = await countDemoRows(db);
    await refuseInserts(db, 'settings', { column: 'key', value: 'demo_data_removed' });
    const before = await databaseContents(db);

    await expect(removeDemoData(db)).rejects.toThrow(refusedInsertMessage);

    expect(await countDemoRows(db)).toEqual(counts);
    expect(await databaseContents(db)).toEqual(before);
  });
});
