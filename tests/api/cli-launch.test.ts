import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import type { Database } from '../../server/db/schema.js';
import { runCli } from '../helpers/run-cli.js';
import { createTestDatabase } from '../helpers/test-app.js';

let config: AppConfig;
let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ config, db, close } = await createTestDatabase());
});
afterEach(async () => close());

const launch = (args: string[]) => runCli('launch.ts', args, config);

describe('npm run launch and the audit log', () => {
  it('writes pause, resume, notice and reveal with the system user, the reason and the switches before and after', async () => {
    expect((await launch(['pause', '--reason', 'wrong list'])).code).toBe(0);
    expect((await launch(['resume'])).code).toBe(0);
    expect((await launch(['notice', '--en', 'Soon', '--zh', '即将'])).code).toBe(0);
    expect((await launch(['reveal-now'])).code).toBe(0);
    expect((await launch(['status'])).code).toBe(0);

    const entries = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: 'launch.pause', reason: 'wrong list' },
      { action: 'launch.resume', reason: null },
      { action: 'launch.notice', reason: null },
      { action: 'launch.reveal-now', reason: null },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
    const [pause] = entries;
    expect(JSON.parse(pause!.before!).pause).toBeNull();
    expect(JSON.parse(pause!.after!).pause).toMatchObject({ reason: 'wrong list' });
  }, 120_000);
});
