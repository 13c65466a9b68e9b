import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTestWallet, type TestWallet } from '../helpers/bitcoin-signer.js';
import { useBrowserSuite } from '../helpers/browser-suite.js';
import { eventually, expectFocused, startServer, toastWithText } from '../helpers/browser.js';
import { axeViolations } from '../helpers/axe.js';
import { useSharedFakeX } from '../helpers/fake-x-app.js';

/** Where the stand-in wallet refuses, as a user clicking "Reject" in the real extension would. */
type Refusal = 'none' | 'connect' | 'sign';

interface SignRequest {
  message: string;
  type: string | undefined;
}

const fakeX = useSharedFakeX();
const suite = useBrowserSuite(() => ({ ...fakeX.env, MINING_OPEN: 'true' }));
let context: BrowserContext;
let page: Page;
let xUsers = 0;

interface InstallArgs {
  address: string;
  /** Another address of the same wallet, which the test's key cannot sign for. */
  otherAddress: string;
  refusal: Refusal;
}

type TestSign = (message: string, type?: string) => Promise<string>;

// Stand-ins with the shape of each wallet's real injected provider. They run inside the page (serialised
// by addInitScript), and sign through `__signWithTestKey`, which the test exposes.

function installUnisat({ address, refusal }: InstallArgs) {
  // UniSat rejects with an EIP-1193 style error object when the user clicks "Reject".
  const rejected = { code: 4001, message: 'User rejected the request.' };
  const sign = (window as unknown as { __signWithTestKey: TestSign }).__signWithTestKey;
  (window as unknown as { unisat: object }).unisat = {
    requestAccounts: async () => {
      if (refusal === 'connect') throw rejected;
      return [address];
    },
    getAccounts: async () => [address],
    signMessage: async (message: string, type?: string) => {
      if (refusal === 'sign') throw rejected;
      return sign(message, type);
    },
  };
}

function installXverse({ address, otherAddress }: InstallArgs) {
  const sign = (window as unknown as { __signWithTestKey: TestSign }).__signWithTestKey;
  const request = async (method: string, params: { address?: string; message?: string; protocol?: string }) => {
    if (method === 'getAccounts') {
      return {
        jsonrpc: '2.0',
        id: '1',
        result: [
          { address: otherAddress, purpose: 'payment', addressType: 'p2sh' },
          { address, purpose: 'ordinals', addressType: 'p2tr' },
        ],
      };
    }
    if (method === 'signMessage' && params.address === address) {
      return { jsonrpc: '2.0', id: '2', result: { signature: await sign(params.message!, params.protocol), address } };
    }
    return { jsonrpc: '2.0', id: '3', error: { code: -32602, message: 'Invalid params' } };
  };
  (window as unknown as { XverseProviders: object }).XverseProviders = { BitcoinProvider: { request } };
}

function installLeather({ address, otherAddress }: InstallArgs) {
  const sign = (window as unknown as { __signWithTestKey: TestSign }).__signWithTestKey;
  const request = async (method: string, params?: { message: string; paymentType?: string }) => {
    if (method === 'getAddresses') {
      const addresses = [
        { symbol: 'BTC', type: 'p2wpkh', address: otherAddress },
        { symbol: 'BTC', type: 'p2tr', address },
        { symbol: 'STX', address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7' },
      ];
      return { jsonrpc: '2.0', id: '1', result: { addresses } };
    }
    if (method === 'signMessage' && params?.paymentType === 'p2tr') {
      return { jsonrpc: '2.0', id: '2', result: { signature: await sign(params.message, params.paymentType), address } };
    }
    // Leather rejects the promise with the JSON-RPC error answer.
    throw { jsonrpc: '2.0', id: '3', error: { code: -32602, message: 'Invalid params' } };
  };
  (window as unknown as { LeatherProvider: object }).LeatherProvider = { request };
}

function installOkx({ address }: InstallArgs) {
  const sign = (window as unknown as { __signWithTestKey: TestSign }).__signWithTestKey;
  (window as unknown as { okxwallet: object }).okxwallet = {
    bitcoin: {
      connect: async () => ({ address, publicKey: '' }),
      signMessage: async (message: string, type?: string) => sign(message, type),
    },
  };
}

/**
 * A page with a stand-in wallet installed. Its signatures are made by the test with the freshly generated
 * key of `wallet`; every signing request is recorded.
 */
async function pageWithWallet(install: (args: InstallArgs) => void, wallet: TestWallet, refusal: Refusal = 'none') {
  const requests: SignRequest[] = [];
  context = await suite.newContext();
  await context.exposeFunction('__signWithTestKey', (message: string, type: string | undefined) => {
    requests.push({ message, type });
    return wallet.sign(message);
  });
  const otherAddress = createTestWallet('p2sh-p2wpkh').address;
  await context.addInitScript(install, { address: wallet.address, otherAddress, refusal });
  page = await context.newPage();
  return requests;
}

function pageWithUnisat(wallet: TestWallet, refusal: Refusal = 'none') {
  return pageWithWallet(installUnisat, wallet, refusal);
}

async function pageWithoutWallet(language: 'en' | 'zh' = 'en') {
  context = await suite.newContext({ language });
  page = await context.newPage();
}

function signInButton() {
  return page.getByRole('button', { name: 'Sign in with wallet' });
}

function picker() {
  return page.getByRole('dialog', { name: 'Sign in with your wallet' });
}

/** Opens the picker and chooses the wallet, with the keyboard only. */
async function signInByKeyboard(walletName = 'UniSat') {
  await page.goto('/mining');
  await signInButton().focus();
  await page.keyboard.press('Enter');
  const choice = picker().getByRole('button', { name: walletName });
  await expectFocused(choice);
  await page.keyboard.press('Enter');
}

async function userData(wallet: TestWallet) {
  const response = await page.request.get(`/api/user/${wallet.address}`);
  return { status: response.status(), body: response.ok() ? await response.json() : null };
}

describe('sign in with a browser wallet', () => {
  it('signs in through an injected UniSat wallet and shows Verified owner on the dashboard', async () => {
    const wallet = createTestWallet('p2tr');
    const requests = await pageWithUnisat(wallet);
    await signInByKeyboard();

    await toastWithText(page, 'Signed in with UniSat. You are the verified owner of this wallet.').waitFor();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.type).toBe('bip322-simple');
    expect(requests[0]!.message).toContain(wallet.address);
    expect(requests[0]!.message).toContain(new URL(suite.server.baseUrl).host);

    xUsers += 1;
    fakeX.setNextUser({ id: String(7000 + xUsers), username: `owner_${xUsers}`, verifiedType: 'none' });
    await page.getByRole('button', { name: 'Connect X Account' }).click();
    await page.getByRole('heading', { name: 'Social Mining & Content' }).waitFor();
    const mark = page.locator('.sm-bar').getByText('Verified owner');
    await mark.waitFor();
    expect(await page.locator('.sm-bar .wallet-verified').getAttribute('title')).toBe(
      'Ownership proven with a signature from UniSat',
    );
  });

  it('signs in a legacy 1… address with the legacy message format', async () => {
    const wallet = createTestWallet('p2pkh');
    const requests = await pageWithUnisat(wallet);
    await signInByKeyboard();

    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    expect(requests.map((request) => request.type)).toEqual(['ecdsa']);
    const { status, body } = await userData(wallet);
    expect(status).toBe(200);
    expect(body.proof).toEqual({ proven: true, walletName: 'UniSat' });
  });

  it.each([
    { name: 'Xverse', install: installXverse, type: 'BIP322' },
    { name: 'Leather', install: installLeather, type: 'p2tr' },
    { name: 'OKX Wallet', install: installOkx, type: 'bip322-simple' },
  ])('signs in through the $name provider with its ordinals address', async ({ name, install, type }) => {
    const wallet = createTestWallet('p2tr');
    const requests = await pageWithWallet(install, wallet);
    await signInByKeyboard(name);

    await toastWithText(page, `Signed in with ${name}. You are the verified owner of this wallet.`).waitFor();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    expect(requests.map((request) => request.type)).toEqual([type]);
    const { status, body } = await userData(wallet);
    expect(status).toBe(200);
    expect(body.proof).toEqual({ proven: true, walletName: name });
  });

  it('says so and links to the wallets when none is installed', async () => {
    await pageWithoutWallet();
    await page.goto('/mining');
    await signInButton().click();

    const dialog = picker();
    await dialog.getByText('No Bitcoin wallet was found in this browser.', { exact: false }).waitFor();
    const links = dialog.getByRole('list', { name: 'Wallets to install' }).getByRole('link');
    const found = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        text: anchor.textContent,
        href: anchor.getAttribute('href'),
        target: anchor.getAttribute('target'),
      })),
    );
    expect(found.map((link) => link.href)).toEqual([
      'https://unisat.io',
      'https://www.xverse.app',
      'https://leather.io/install-extension',
      'https://web3.okx.com',
    ]);
    expect(found.every((link) => link.target === '_blank')).toBe(true);
    expect(found[0]!.text).toContain('Get UniSat');
    expect(await dialog.getByRole('button', { name: 'UniSat' }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    await expectFocused(signInButton());
  });

  it.each(['connect', 'sign'] as const)('a request refused at %s shows a readable toast and changes nothing', async (refusal) => {
    const wallet = createTestWallet('p2wpkh');
    const requests = await pageWithUnisat(wallet, refusal);
    await signInByKeyboard();

    await toastWithText(page, 'The request was declined in UniSat. Nothing was changed.').waitFor();
    await toastWithText(page, 'Request cancelled').waitFor();
    expect(requests).toEqual([]);
    // Still logged out, with no session on the server and the button ready for another try.
    await page.getByLabel('Bitcoin wallet address').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).not.toBe('true');
    expect((await userData(wallet)).status).toBe(401);
    expect(await signInButton().getAttribute('aria-disabled')).toBe('false');
  });

  it('after a proven sign-in, address-only Join for that wallet shows the protected message', async () => {
    const wallet = createTestWallet('p2sh-p2wpkh');
    await pageWithUnisat(wallet);
    await signInByKeyboard();
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();

    await page.getByLabel('Bitcoin wallet address').fill(wallet.address);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await toastWithText(page, 'Wallet protected').waitFor();
    await toastWithText(
      page,
      "This wallet is protected. Sign in with your wallet to continue: use 'Sign in with wallet' below.",
    ).waitFor();
    expect(await page.getByRole('heading', { name: 'Almost Ready!' }).count()).toBe(0);
    expect((await userData(wallet)).status).toBe(401);
  });

  it('keeps the picker accessible with and without a wallet, in English and Chinese', async () => {
    await pageWithUnisat(createTestWallet('p2tr'));
    await page.goto('/mining');
    await signInButton().click();
    await picker().getByRole('button', { name: 'UniSat' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    await pageWithoutWallet('zh');
    await page.goto('/mining');
    await page.getByRole('button', { name: '使用钱包登录' }).click();
    const dialog = page.getByRole('dialog', { name: '使用您的钱包登录' });
    await dialog.getByRole('list', { name: '可安装的钱包' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('asks every holder to sign in with the wallet when the site requires proof', async () => {
    const strict = await startServer({ WALLET_PROOF: 'required' });
    try {
      context = await suite.newContext({ target: strict });
      page = await context.newPage();
      await page.goto('/mining');
      await page
        .getByText('This site asks every holder to prove their wallet: sign in with your wallet to connect X and claim points.')
        .waitFor();
      expect(await signInButton().getAttribute('class')).toContain('button--primary');
    } finally {
      await context.close();
      await strict.close();
    }
  });
});
