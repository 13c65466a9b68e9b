import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { runJanitorPass } from '../../server/features/janitor/janitor.service.js';
import { insertMeme } from '../../server/features/memes/memes.repository.js';
import { pruneUnusedUploads, unusedUploadGraceMs } from '../../server/features/uploads/upload-pruning.service.js';
import { createUploadStore } from '../../server/features/uploads/create-upload-store.js';
import { createDatabaseUploadStore } from '../../server/features/uploads/database-upload-store.js';
import { createDiskUploadStore, usageTtlMs } from '../../server/features/uploads/disk-upload-store.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { runCli } from '../helpers/run-cli.js';
import { testConfig } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const day = 24 * 60 * 60 * 1000;
const megabyte = 1024 * 1024;

let ctx: TestApp | undefined;

const uploadsDir = () => path.join(ctx!.config.dataDir, 'uploads');
const nameOf = (url: string) => url.replace(/^\/uploads\//, '');
/** The store the app uses: the folder on SQLite, the database on PostgreSQL. */
const appStore = () => createUploadStore(ctx!.handle, ctx!.config);
const exists = async (name: string) => (await appStore().find(name)) !== null;
const stored = async (name: string) => (await appStore().list()).find((file) => file.name === name)!;

/** Backdates a stored image, as if written `ageMs` ago. */
async function age(name: string, ageMs: number) {
  const when = Date.now() - ageMs;
  if (ctx!.handle.dialect === 'postgres') {
    await ctx!.handle.db.updateTable('stored_images').set({ modified_at: when }).where('name', '=', name).execute();
  } else {
    fs.utimesSync(path.join(uploadsDir(), name), new Date(when), new Date(when));
  }
}

async function png(colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();
}

async function upload(cookie: string, image: Buffer) {
  const body = multipartBody([{ name: 'image', value: image, filename: 'photo.png', type: 'image/png' }]);
  return ctx!.app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...body.headers, cookie }, payload: body.payload });
}

async function completeMeme(cookie: string, memeId: number, image: Buffer) {
  const body = multipartBody([
    { name: 'memeId', value: String(memeId) },
    { name: 'memeImage', value: image, filename: 'meme.png', type: 'image/png' },
  ]);
  return ctx!.app.inject({ method: 'POST', url: '/api/upload/complete-meme', headers: { ...body.headers, cookie }, payload: body.payload });
}

/** A meme row whose image (and optionally uploaded background) are the given stored files. */
function memeShowing(userId: number, imageFile: string, uploadedImage: string | null = null) {
  return insertMeme(ctx!.handle.db, {
    user_id: userId,
    tracking_code: randomBytes(9).toString('base64url'),
    session_token: randomBytes(24).toString('base64url'),
    theme: 'hodl_gang',
    prompt: null,
    meme_text: 'top / bottom',
    template_id: 1,
    uploaded_image: uploadedImage,
    image_file: imageFile,
    created_at: Date.now(),
  });
}

/**
 * Three uploads through the API: one a meme was made from, one only a meme's image, one never used;
 * and a meme whose image `complete-meme` replaced. All but the new replacement backdated two days.
 */
async function storeScene() {
  const { cookie, userId } = await loginCookie(ctx!.app, mainnetWallets.taproot);
  const url = async (colour: string) => nameOf((await upload(cookie, await png(colour))).json().uploadedImageUrl);
  const background = await url('#0000ff');
  const rendered = await url('#00ff00');
  const unused = await url('#ff0000');
  const replaced = await url('#ffff00');
  await memeShowing(userId, rendered, background);
  const meme = await memeShowing(userId, replaced);
  const replacement = await completeMeme(cookie, meme.id, await png('#00ffff'));
  expect(replacement.statusCode).toBe(200);
  const current = nameOf(replacement.json().uploadedImageUrl);
  for (const name of [background, rendered, unused, replaced]) await age(name, 2 * day);
  return { userId, background, rendered, unused, replaced, current };
}

describe('the janitor and unused uploads', () => {
  it('deletes an unused upload and a replaced meme image older than a day when the server starts, and keeps the ones in use', async () => {
    ctx = await build();
    const scene = await storeScene();

    const second = await buildApp(ctx!.config, { database: ctx!.handle, logStream: false });
    await second.ready();
    await second.close();

    expect(await exists(scene.unused)).toBe(false);
    expect(await exists(scene.replaced)).toBe(false);
    expect(await exists(scene.background)).toBe(true);
    expect(await exists(scene.rendered)).toBe(true);
    expect(await exists(scene.current)).toBe(true);
  });

  it('keeps a file no meme uses until it is a day old, by the injected clock', async () => {
    ctx = await build();
    const { cookie } = await loginCookie(ctx!.app, mainnetWallets.taproot);
    const name = nameOf((await upload(cookie, await png('#123456'))).json().uploadedImageUrl);
    const written = (await stored(name)).modifiedAt;
    const store = appStore();

    expect(await pruneUnusedUploads(ctx!.handle.db, store, written + unusedUploadGraceMs - 1)).toEqual({ files: 0, bytes: 0 });
    expect(await exists(name)).toBe(true);
    const pruned = await pruneUnusedUploads(ctx!.handle.db, store, written + unusedUploadGraceMs);
    expect(pruned.files).toBe(1);
    expect(pruned.bytes).toBeGreaterThan(0);
    expect(await exists(name)).toBe(false);
  });

  it('also deletes temp files left by interrupted writes in the uploads folder once they are old', async () => {
    ctx = await build();
    const store = createDiskUploadStore(ctx!.config.dataDir);
    fs.mkdirSync(store.root, { recursive: true });
    const temp = path.join(store.root, `${'a'.repeat(32)}.png.4242.tmp`);
    fs.writeFileSync(temp, 'half a file');
    fs.utimesSync(temp, new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));
    expect(await pruneUnusedUploads(ctx!.handle.db, store, Date.now())).toEqual({ files: 1, bytes: 11 });
  });

  it("runs each step of the janitor's pass even when the other one fails", async () => {
    ctx = await build();
    const noCounts = { sessions: 0, oauthStates: 0, challenges: 0, rateLimits: 0, lookupMinutes: 0, claimRefusals: 0 };
    // A DATA_DIR whose uploads "folder" is a file: the uploads step cannot list it.
    const blocked = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-janitor-'));
    fs.writeFileSync(path.join(blocked, 'uploads'), 'not a folder');
    const uploadsFail = await runJanitorPass(ctx!.handle.db, createDiskUploadStore(blocked), Date.now());
    fs.rmSync(blocked, { recursive: true, force: true });
    expect(uploadsFail.expiredRows).toEqual({ ok: true, counts: noCounts });
    expect(uploadsFail.unusedUploads).toMatchObject({ ok: false, error: { code: 'ENOTDIR' } });

    // A database never migrated: the expired rows cannot be read, an old temp file in the uploads folder still goes.
    const store = createDiskUploadStore(ctx!.config.dataDir);
    fs.mkdirSync(store.root, { recursive: true });
    const temp = path.join(store.root, `${'b'.repeat(32)}.png.4242.tmp`);
    fs.writeFileSync(temp, 'half a file');
    fs.utimesSync(temp, new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));
    const empty = await testConfig();
    const { db } = connectDatabase(empty.config);
    try {
      const rowsFail = await runJanitorPass(db, store, Date.now());
      expect(rowsFail.expiredRows.ok).toBe(false);
      expect(rowsFail.unusedUploads).toEqual({ ok: true, counts: { files: 1, bytes: 11 } });
    } finally {
      await db.destroy();
      await empty.cleanup();
    }
  });
});

describe('npm run cleanup', () => {
  it('runs every pruning once and prints the counts', async () => {
    ctx = await build();
    const scene = await storeScene();
    const unusedBytes = (await stored(scene.unused)).bytes + (await stored(scene.replaced)).bytes;
    const now = Date.now();
    await ctx!.handle.db
      .insertInto('oauth_states')
      .values({ state: 'stale', session_hash: 'h', user_id: scene.userId, code_verifier: 'v', created_at: now - 2 * day, expires_at: now - day, used_at: null })
      .execute();

    const result = await runCli('cleanup', [], ctx!.config);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/OAuth states:\s+1\n/);
    expect(result.stdout).toMatch(/sessions:\s+0\n/);
    expect(result.stdout).toMatch(new RegExp(`unused images:\\s+2 \\(${(unusedBytes / 1024).toFixed(1)} KB\\)\\n`));
    expect(await exists(scene.unused)).toBe(false);
    expect(await exists(scene.replaced)).toBe(false);
    expect(await exists(scene.background)).toBe(true);
    expect(await exists(scene.rendered)).toBe(true);
  });
});

describe('the uploads disk budget (UPLOADS_MAX_MB)', () => {
  const storedNames = async () => (await appStore().list()).map((file) => file.name).sort();

  it('answers 507 STORAGE_FULL with a readable message once the store is at its budget, and stores nothing', async () => {
    ctx = await build({ UPLOADS_MAX_MB: '1' });
    await appStore().save(Buffer.alloc(megabyte - 64, 7), 'png');
    const { cookie, userId } = await loginCookie(ctx!.app, mainnetWallets.taproot);
    const before = await storedNames();

    const response = await upload(cookie, await png('#abcdef'));
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({
      error: 'STORAGE_FULL',
      message: 'Storage space is full right now, so nothing new can be saved. Please try again later.',
    });

    const meme = await memeShowing(userId, `${'b'.repeat(32)}.png`);
    const replaced = await completeMeme(cookie, meme.id, await png('#abcdef'));
    expect(replaced.statusCode).toBe(507);
    expect(replaced.json().error).toBe('STORAGE_FULL');
    expect((await ctx!.handle.db.selectFrom('memes').select('image_file').where('id', '=', meme.id).executeTakeFirstOrThrow()).image_file).toBe(
      `${'b'.repeat(32)}.png`,
    );
    expect(await storedNames()).toEqual(before);
  });

  it('accepts uploads under the budget', async () => {
    ctx = await build({ UPLOADS_MAX_MB: '1' });
    await appStore().save(Buffer.alloc(megabyte / 2, 7), 'png');
    const { cookie } = await loginCookie(ctx!.app, mainnetWallets.taproot);
    expect((await upload(cookie, await png('#abcdef'))).statusCode).toBe(200);
  });

  it('counts its own writes and deletes at once and other processes\' files after a short while (uploads folder)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-budget-'));
    try {
      let now = 1_900_000_000_000;
      const store = createDiskUploadStore(dataDir, { maxBytes: 1000, now: () => now });
      const first = await store.save(Buffer.alloc(600, 1), 'png');
      await expect(store.save(Buffer.alloc(600, 2), 'png')).rejects.toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
      await store.remove(first);
      const second = await store.save(Buffer.alloc(600, 2), 'png');

      // Another process frees the space: believed after the measured size goes stale.
      fs.unlinkSync(path.join(store.root, second));
      await expect(store.save(Buffer.alloc(600, 3), 'png')).rejects.toMatchObject({ code: 'STORAGE_FULL' });
      now += usageTtlMs + 1;
      await expect(store.save(Buffer.alloc(600, 3), 'png')).resolves.toMatch(/\.png$/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('counts every process\'s images at once when they live in the database', async () => {
    ctx = await build();
    const [one, other] = [createDatabaseUploadStore(ctx!.handle.db, { maxBytes: 1000 }), createDatabaseUploadStore(ctx!.handle.db, { maxBytes: 1000 })];
    const first = await one.save(Buffer.alloc(600, 1), 'png');
    await expect(other.save(Buffer.alloc(600, 2), 'png')).rejects.toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    expect(await other.find(first)).toEqual(Buffer.alloc(600, 1));
    expect(await one.remove(first)).toBe(true);
    expect(await other.find(first)).toBeNull();
    await expect(other.save(Buffer.alloc(600, 2), 'png')).resolves.toMatch(/\.png$/);
  });

  it('refuses a budget of zero at start, naming the variable', async () => {
    await expect(testConfig({ UPLOADS_MAX_MB: '0' })).rejects.toThrow(/UPLOADS_MAX_MB/);
  });
});
