import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { connectDatabase, sqliteFile } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

// Another process (an import) holding SQLite's write lock on the live file: it starts a write
// transaction, says "locked", and commits only when told to on stdin.
const holderScript = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('journal_mode = WAL');
db.exec('begin immediate');
db.prepare("insert into settings (key, value, updated_at) values ('writer-test', 'held', 0)").run();
console.log('locked');
process.stdin.once('data', () => {
  db.exec('commit');
  db.close();
  console.log('released');
  process.exit(0);
});
`;

interface LockHolder {
  release: () => Promise<void>;
  child: ChildProcess;
}

async function holdWriteLock(file: string): Promise<LockHolder> {
  const child = spawn(process.execPath, ['-e', holderScript, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const first = await lines.next();
  expect(first.value).toBe('locked');
  return {
    child,
    release: async () => {
      child.stdin!.write('go\n');
      expect((await lines.next()).value).toBe('released');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

let ctx: TestApp | undefined;
let holder: LockHolder | undefined;

describe.skipIf(postgresUrl !== null)('SQLite while another process holds the write lock', () => {
  async function start(busyTimeoutMs: number) {
    ctx = await build({ DATABASE_BUSY_TIMEOUT_MS: String(busyTimeoutMs) });
    const started = await holdWriteLock(sqliteFile(ctx.config));
    holder = started;
    // Before the app closes: a lock held on would keep its close waiting.
    onTestFinished(() => {
      if (started.child.exitCode === null) started.child.kill();
    });
  }

  const login = (wallet: string) =>
    ctx!.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress: wallet } });
  const readLeaderboard = () => ctx!.app.inject({ method: 'GET', url: '/api/mining/leaderboard' });

  it('answers reads while a write waits, and the write goes through once the lock is released', async () => {
    await start(60_000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let loginDone = false;
    const pendingLogin = login(mainnetWallets.taproot).finally(() => {
      loginDone = true;
    });
    // Reads keep answering while the login waits for the lock: they neither queue behind the waiting
    // write nor are stopped by it. The pauses give the login time to reach its write.
    for (let i = 0; i < 25; i += 1) {
      expect((await readLeaderboard()).statusCode).toBe(200);
      await sleep(20);
    }
    expect(loginDone).toBe(false);
    await holder!.release();
    const response = await pendingLogin;
    delay.disable();
    expect(response.statusCode).toBe(200);
    expect(response.json().user.walletAddress).toBe(mainnetWallets.taproot);
    // The waiting write never held the event loop (the old 5 s busy timeout did, inside the driver).
    expect(delay.max / 1e6).toBeLessThan(100);
  });

  it('answers a write that cannot get the lock in time with 503, Retry-After and DATABASE_BUSY, never 500', async () => {
    await start(200);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const [write, read] = await Promise.all([login(mainnetWallets.legacy), readLeaderboard()]);
    delay.disable();
    expect(read.statusCode).toBe(200);
    expect(write.statusCode).toBe(503);
    expect(write.json()).toMatchObject({ error: 'DATABASE_BUSY' });
    expect(Number(write.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(delay.max / 1e6).toBeLessThan(100);

    await holder!.release();
    expect((await login(mainnetWallets.legacy)).statusCode).toBe(200);
  });

  it('lets a server (re)start beside the import: migrating with nothing pending needs no write lock', async () => {
    await start(200);
    const second = connectDatabase(ctx!.config);
    try {
      await expect(migrateToLatest(second.db)).resolves.toEqual([]);
    } finally {
      await second.db.destroy();
    }
  });
});
