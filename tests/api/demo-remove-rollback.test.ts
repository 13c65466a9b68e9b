import { describe, expect, it } from 'vitest';
import { countDemoRows } from '../../server/features/demo/demo-counts.js';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { removeDemoData } from '../../server/features/demo/remove-demo-data.js';
import { useTestDatabase } from '../helpers/build-app.js';
import { databaseContents, refusedInsertMessage, refuseInserts } from '../helpers/rollback-checks.js';
import { postgresUrl } from '../helpers/test-database.js';

const database = useTestDatabase();

describe(`demo:remove on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('leaves every demo row, the kept user and the points figure as they were when its last write (the removal mark) fails', async () => {
    expect(await loadDemoData(database.db)).toBe('loaded');
    // A demo user someone logged in with: the removal would keep it as a real user.
    const used = await database.db.selectFrom('users').select(['id', 'created_at']).where('is_demo', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await database.db.updateTable('users').set({ last_login_at: used.created_at + 1 }).where('id', '=', used.id).execute();
    const counts = await countDemoRows(database.db);
    await refuseInserts(database.db, 'settings', { column: 'key', value: 'demo_data_removed' });
    const before = await databaseContents(database.db);

    await expect(removeDemoData(database.db)).rejects.toThrow(refusedInsertMessage);

    expect(await countDemoRows(database.db)).toEqual(counts);
    expect(await databaseContents(database.db)).toEqual(before);
  });
});
