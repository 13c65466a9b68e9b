import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { type FakeX, startFakeX } from '../../scripts/fake-x/fake-x.js';
import { type Caller, httpCaller } from '../helpers/http-caller.js';
import { multipartBody } from '../helpers/multipart.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { ownSqliteEnv, type ServerProcess, startServerProcess } from '../helpers/server-process.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

const shippedRoot = inject('shippedRoot');
const listFile = path.join(projectRoot, 'tests/fixtures/allocations-merkle.csv');
const whale = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

let workDir: string;
let fakeX: FakeX;
let server: ServerProcess;
let api: Caller;
const admin = createTestWallet('p2wpkh');

beforeAll(async () => {
  expect(fs.existsSync(path.join(shippedRoot, 'server')), 'the shipped copy holds no sources').toBe(false);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-shipped-run-'));
  fakeX = await startFakeX();
  const env = ownSqliteEnv(workDir);
  const database = { dataDir: env.DATA_DIR, databaseUrl: null };
  // The operator's path: the list imported and the first admin granted with the CLIs as package.json runs them.
  const imported = await runCli('import:allocations', [listFile, '--source', 'launch'], database);
  expect(imported.code, imported.stderr).toBe(0);
  const granted = await runCli('admin', ['grant', admin.address, '--role', 'admin'], database);
  expect(granted.code, granted.stderr).toBe(0);
  server = await startServerProcess(
    { ...env, ...fakeX.env, CLIENT_DIR: '', MINING_OPEN: 'true', LOG_LEVEL: 'error' },
    'shipped server',
    { shippedRoot },
  );
  api = httpCaller(server.base);
});

afterAll(async () => {
  await server?.stop();
  await fakeX?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => api.inject({ method: 'GET', url, headers });

describe('the server npm start runs, from a copy of the build without the sources', () => {
  it('serves the prerendered pages of the built client in both languages', async () => {
    const english = await get('/faq');
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Frequently Asked Questions</h1>');
    const chinese = await get('/faq', { cookie: 'lang=zh' });
    expect(chinese.body).toContain('<html lang="zh-CN">');
    expect(chinese.body).toBe(fs.readFileSync(path.join(shippedRoot, 'dist/client/pages/zh/faq.html'), 'utf8'));
  });

  it("looks up and proves a holder's allocation from the imported list", async () => {
    const lookup = await api.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: whale } });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().allocation).toMatchObject({ walletAddress: whale, totalTokens: 550057.030658 });

    const root = (await get('/api/allocation/root')).json();
    const proof = await get(`/api/allocation/proof?wallet=${whale}`);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().root).toBe(root.root);
    expect(proof.json().leaves).toHaveLength(3);
  });

  it("signs the operator in with a wallet signature and previews a corrected list in the console's import worker", async () => {
    const { cookie } = await signInWithWallet(api, admin);
    const corrected = `wallet_address,category,tokens\n${whale},Holder Airdrop,409476\n${mainnetWallets.legacy},Holder Airdrop,10\n`;
    const { payload, headers } = multipartBody([
      { name: 'source', value: 'launch' },
      { name: 'file', value: corrected, filename: 'corrected.csv', type: 'text/csv' },
    ]);
    const preview = await api.inject({ method: 'POST', url: '/api/admin/imports/preview', headers: { ...headers, cookie }, payload });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().difference).toMatchObject({ source: 'launch', liveRows: 9, candidateRows: 2, added: 1, changed: 1 });
    expect(preview.json().difference.newRoot).toMatch(/^[0-9a-f]{64}$/);
  });

  it('renders a meme as a 1200x630 PNG with the shipped templates and font', async () => {
    fakeX.setNextUser({ id: '5005', username: 'shipped5005', verifiedType: 'none' });
    const session = await loginCookie(api, mainnetWallets.taproot);
    const { exchange } = await connectX(api, session, mainnetWallets.taproot);
    expect(exchange.statusCode, exchange.body).toBe(200);
    const generated = await api.inject({
      method: 'POST',
      url: '/api/memes/generate',
      headers: { cookie: session.cookie },
      payload: { userId: session.userId, theme: 'hodl_gang', customPrompt: 'Shipped as built', templateId: 1 },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    const image = await get(generated.json().imageUrl);
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});
