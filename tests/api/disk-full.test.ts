import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../server/app.js';
import type { AppConfig } from '../../server/platform/config.js';
import { connectDatabase, type DatabaseHandle, sqliteHandleOf } from '../../server/platform/db/connect.js';
import { migrateToLatest } from '../../server/platform/db/migrate.js';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { multipartBody } from '../helpers/multipart.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mountSmallDisk } from '../helpers/small-disk.js';
import { testConfig } from '../helpers/test-app.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { requestChallenge, sendVerify } from '../helpers/wallet-sign-in.js';
import { loginCookie } from '../helpers/x-flow.js';

// SQLite only: DATA_DIR is a filesystem this test can mount and fill. The PostgreSQL run keeps its data
// on the shared test server's disk, which a test cannot fill without breaking every other test file.
const mounted = postgresUrl ? null : mountSmallDisk(32);
const problem = mounted && 'problem' in mounted ? mounted.problem : null;
const disk = mounted && !('problem' in mounted) ? mounted : null;

afterAll(() => disk?.unmount());

const loginRateLimit = 3;
const uploadLimit = 3;
const storageFull = { error: 'STORAGE_FULL', message: expect.stringMatching(/space/i) };

function integrityOf(dataDir: string): string {
  const { db } = connectDatabase({ dataDir, databaseUrl: null });
  try {
    return sqliteHandleOf(db)!.pragma('integrity_check', { simple: true }) as string;
  } finally {
    void db.destroy();
  }
}

describe.skipIf(postgresUrl !== null)('a full disk under DATA_DIR (SQLite)', () => {
  if (!disk) {
    if (process.env.CI === 'true') {
      it('mounts a small tmpfs for DATA_DIR', () => {
        throw new Error(`the full-disk tests cannot run: ${problem} (CI runs as root and must be able to mount a tmpfs)`);
      });
    } else {
      it.skip(`needs a small tmpfs for DATA_DIR: ${problem}`, () => {});
    }
    return;
  }

  describe('the server', () => {
    let config: AppConfig;
    let handle: DatabaseHandle;
    let app: App;
    let cleanup: () => Promise<void>;
    let cookie: string;
    const signer = createTestWallet('p2wpkh');
    let challenge: string;
    let uploadsBefore: string[];

    const uploadsDir = () => path.join(config.dataDir, 'uploads');
    const login = (walletAddress: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress } });
    const verify = () => sendVerify(app, { walletAddress: signer.address, message: challenge, signature: signer.sign(challenge) });
    const dispute = () =>
      app.inject({ method: 'POST', url: '/api/allocation/disputes', headers: { cookie }, payload: { message: 'Nothing arrived' } });
    async function upload(color: string) {
      const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: color } }).png().toBuffer();
      const body = multipartBody([{ name: 'image', value: image, filename: 'photo.png', type: 'image/png' }]);
      return app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...body.headers, cookie }, payload: body.payload });
    }

    beforeAll(async () => {
      ({ config, cleanup } = await testConfig({ DATA_DIR: path.join(disk.dir, 'server'), LOGIN_RATE_LIMIT: String(loginRateLimit), UPLOAD_LIMIT_PER_USER: String(uploadLimit) }));
      handle = connectDatabase(config);
      await migrateToLatest(handle.db);
      app = await buildApp(config, { database: handle, logStream: false });
      await app.ready();
      await seedAllocationRecords(handle.db, [{ wallet: mainnetWallets.legacy, category: 'Holder Airdrop', tokens: '1500' }]);
      ({ cookie } = await loginCookie(app, mainnetWallets.taproot));
      ({ message: challenge } = await requestChallenge(app, signer.address));
      expect((await upload('#f7931a')).statusCode).toBe(200);
      uploadsBefore = fs.readdirSync(uploadsDir()).sort();
      // An empty write-ahead log: the next write has to grow a file, as on a server whose log was checkpointed.
      sqliteHandleOf(handle.db)!.pragma('wal_checkpoint(TRUNCATE)');
      disk.fill();
    });

    afterAll(async () => {
      disk.free();
      await app?.close();
      await handle?.db.destroy();
      await cleanup?.();
    });

    it('refuses sign-ins with 507 STORAGE_FULL, and more of them than the login limit never turn into 429', async () => {
      const answers = [];
      for (let attempt = 0; attempt <= loginRateLimit + 1; attempt += 1) answers.push(await login(mainnetWallets.segwitKey));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(507);
        expect(answer.json()).toEqual(storageFull);
      }
      const challenged = await app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { walletAddress: mainnetWallets.p2sh } });
      expect([challenged.statusCode, challenged.json()]).toEqual([507, storageFull]);
      const verified = await verify();
      expect([verified.statusCode, verified.json()]).toEqual([507, storageFull]);
    });

    it('refuses image uploads with 507, never 429 from the upload limit, and leaves no partial file in uploads/', async () => {
      for (let attempt = 0; attempt < uploadLimit; attempt += 1) {
        const response = await upload('#2a9d8f');
        expect([response.statusCode, response.json()]).toEqual([507, storageFull]);
        expect(fs.readdirSync(uploadsDir()).sort()).toEqual(uploadsBefore);
      }
    });

    it('refuses a dispute with 507', async () => {
      const response = await dispute();
      expect([response.statusCode, response.json()]).toEqual([507, storageFull]);
    });

    it('keeps answering reads', async () => {
      const lookup = await app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.legacy } });
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json()).toMatchObject({ success: true, allocation: { totalTokens: 1500 } });
      expect((await app.inject({ method: 'GET', url: '/api/tokens/stats' })).statusCode).toBe(200);
      const mine = await app.inject({ method: 'GET', url: '/api/allocation/disputes/mine', headers: { cookie } });
      expect([mine.statusCode, mine.json()]).toEqual([200, { disputes: [], categories: [] }]);
      expect((await app.inject({ method: 'GET', url: `/uploads/${uploadsBefore[0]}` })).statusCode).toBe(200);
    });

    it('keeps the database intact', () => {
      expect(sqliteHandleOf(handle.db)!.pragma('integrity_check', { simple: true })).toBe('ok');
    });

    it('takes the same writes again once space is freed, without a restart, the limits unspent', async () => {
      disk.free();
      const signedIn = await login(mainnetWallets.segwitKey);
      expect(signedIn.statusCode).toBe(200);
      expect((await verify()).statusCode).toBe(200);
      expect((await upload('#2a9d8f')).statusCode).toBe(200);
      expect((await dispute()).statusCode).toBe(201);
      expect(sqliteHandleOf(handle.db)!.pragma('integrity_check', { simple: true })).toBe('ok');
    });
  });

  describe('the import CLIs', () => {
    let config: AppConfig;
    let cleanup: () => Promise<void>;
    let files: string;
    const dataDir = () => config.dataDir;
    const noSpace = /no space left on the device holding DATA_DIR/;

    /** Everything an import writes, as it stands. */
    function contents() {
      const { db } = connectDatabase({ dataDir: dataDir(), databaseUrl: null });
      const sqlite = sqliteHandleOf(db)!;
      try {
        return {
          records: sqlite.prepare('select * from allocation_records order by id').all(),
          snapshots: sqlite.prepare('select * from allocation_snapshots order by source').all(),
          points: sqlite.prepare('select * from points_allocations order by id').all(),
          settings: sqlite.prepare('select * from settings order by key').all(),
        };
      } finally {
        void db.destroy();
      }
    }

    function allocationsFile(rows: number): string {
      const lines = ['wallet_address,category,tokens'];
      for (let i = 0; i < rows; i += 1) lines.push(`${madeUpWallet('taproot', `w${i}`)},Holder Airdrop,${i + 1}`);
      const file = path.join(files, `allocations-${rows}.csv`);
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      return file;
    }

    beforeAll(async () => {
      ({ config, cleanup } = await testConfig({ DATA_DIR: path.join(disk.dir, 'import') }));
      files = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-disk-full-files-'));
      const { db } = connectDatabase(config);
      await migrateToLatest(db);
      await db.destroy();
      const first = await runCli('import:allocations', [allocationsFile(50), '--source', 'snapshot', '--as-of-block', '900000'], config);
      expect(first.code, first.stderr).toBe(0);
    });

    afterAll(async () => {
      disk.free();
      fs.rmSync(files, { recursive: true, force: true });
      await cleanup?.();
    });

    it('says the disk is full, exits 1 and leaves the previous snapshot exactly as it was', async () => {
      const before = contents();
      expect(before.records).toHaveLength(50);
      disk.fill();

      // The list is public (no reveal schedule): the first import published its root, this one corrects it.
      const correction = ['--after-reveal', '--reason', 'the full list'];
      const allocations = await runCli('import:allocations', [allocationsFile(5000), '--source', 'snapshot', '--as-of-block', '900001', ...correction], config);
      expect(allocations.code).toBe(1);
      expect(allocations.stderr).toMatch(noSpace);
      expect(allocations.stderr).not.toMatch(/cannot rollback/);

      const points = await runCli('import:points', [path.join(projectRoot, 'tests/fixtures/points-good.csv')], config);
      expect(points.code).toBe(1);
      expect(points.stderr).toMatch(noSpace);

      expect(contents()).toEqual(before);
      expect(integrityOf(dataDir())).toBe('ok');

      disk.free();
      const again = await runCli('import:allocations', [allocationsFile(5000), '--source', 'snapshot', '--as-of-block', '900001', ...correction], config);
      expect(again.code, again.stderr).toBe(0);
      expect(contents().records).toHaveLength(5000);
    });
  });
});
