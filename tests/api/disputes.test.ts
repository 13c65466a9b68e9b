import { beforeEach, describe, expect, it } from 'vitest';
import { answerDispute, resolveDispute } from '../../server/features/disputes/disputes.service.js';
import { useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp();
// The categories of the holder's allocation in the live snapshot: the ones a report may name, beside 'other'.
const longCategory = '🌰'.repeat(100);
const holderCategories = ['Holder Airdrop', 'Whale Bonus #1', longCategory, '<script>x</script>'];
beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [
    ...holderCategories.map((category) => ({ wallet: mainnetWallets.taproot, category, tokens: '10' })),
    { wallet: mainnetWallets.legacy, category: 'Staking Season 1', tokens: '10' },
  ]);
});

const url = '/api/allocation/disputes';

function create(cookie: string | null, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
}
function mine(cookie: string | null) {
  return ctx.app.inject({ method: 'GET', url: `${url}/mine`, headers: cookie ? { cookie } : {} });
}

describe('POST /api/allocation/disputes', () => {
  it('files a report for the signed-in wallet and lists it as open', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await create(cookie, {
      category: 'Holder Airdrop',
      expectedAmount: '1500.25',
      message: '  I held 3 acorns at the snapshot.  ',
      reference: 'a1b2c3',
    });
    expect(response.statusCode).toBe(201);
    const { dispute } = response.json();
    expect(dispute).toMatchObject({
      walletAddress: mainnetWallets.taproot,
      category: 'Holder Airdrop',
      expectedAmount: 1500.25,
      message: 'I held 3 acorns at the snapshot.',
      reference: 'a1b2c3',
      status: 'open',
      answer: null,
      answeredAt: null,
      resolvedAt: null,
    });

    const list = await mine(cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().disputes).toEqual([dispute]);
  });

  it("takes optional fields as absent or null, and 'other' as the category", async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await create(cookie, { category: 'other', expectedAmount: null, message: 'Nothing arrived' });
    expect(response.statusCode).toBe(201);
    expect(response.json().dispute).toMatchObject({ category: 'other', expectedAmount: null, reference: null });
  });

  it.each([
    ['free text', '=1+1cat'],
    ["a tokenomics category the wallet's allocation does not hold", 'Staking Season 2'],
    ["another wallet's category", 'Staking Season 1'],
    ['a category in another case', 'holder airdrop'],
  ])("refuses %s as the category: 400 DISPUTE_CATEGORY_UNKNOWN, nothing stored", async (_label, category) => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await create(cookie, { category, message: 'ok' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'DISPUTE_CATEGORY_UNKNOWN',
      message: "Choose one of your allocation's categories, or other.",
      field: 'category',
    });
    expect(await ctx.handle.db.selectFrom('allocation_disputes').selectAll().execute()).toEqual([]);
  });

  it("lets a wallet without an allocation name only 'other'", async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.p2sh);
    expect((await create(cookie, { category: 'Holder Airdrop', message: 'Nothing found' })).json().error).toBe('DISPUTE_CATEGORY_UNKNOWN');
    expect((await create(cookie, { category: 'other', message: 'Nothing found' })).statusCode).toBe(201);
  });

  it('refuses a visitor with 401', async () => {
    expect((await create(null, { message: 'hello' })).statusCode).toBe(401);
    expect((await mine(null)).statusCode).toBe(401);
  });

  it('allows one open report per wallet: a second is 409 DISPUTE_ALREADY_OPEN until the first is answered', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const first = await create(cookie, { message: 'first' });
    const second = await create(cookie, { message: 'second' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('DISPUTE_ALREADY_OPEN');

    // Another wallet is not affected.
    const other = await loginCookie(ctx.app, mainnetWallets.legacy);
    expect((await create(other.cookie, { message: 'mine too' })).statusCode).toBe(201);

    const answered = await answerDispute(ctx.handle.db, first.json().dispute.id, 'We checked: it is correct.');
    expect(answered.ok).toBe(true);
    const third = await create(cookie, { message: 'a follow-up' });
    expect(third.statusCode).toBe(201);
    expect((await mine(cookie)).json().disputes.map((d: { message: string; status: string }) => [d.message, d.status])).toEqual([
      ['a follow-up', 'open'],
      ['first', 'answered'],
    ]);
  });

  it('keeps two reports sent at once to one open row', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const results = await Promise.all([create(cookie, { message: 'a' }), create(cookie, { message: 'b' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.handle.db.selectFrom('allocation_disputes').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a blank message', { message: '   ' }, 'DISPUTE_MESSAGE_REQUIRED'],
    ['a message of 1,001 characters', { message: 'x'.repeat(1001) }, 'DISPUTE_MESSAGE_TOO_LONG'],
    ['a category of 101 characters', { message: 'ok', category: 'c'.repeat(101) }, 'DISPUTE_CATEGORY_TOO_LONG'],
    ['a reference of 201 characters', { message: 'ok', reference: 'r'.repeat(201) }, 'DISPUTE_REFERENCE_TOO_LONG'],
    ['an amount in words', { message: 'ok', expectedAmount: 'lots' }, 'INVALID_EXPECTED_AMOUNT'],
    ['a negative amount', { message: 'ok', expectedAmount: '-5' }, 'INVALID_EXPECTED_AMOUNT'],
    ['a zero amount', { message: 'ok', expectedAmount: '0' }, 'INVALID_EXPECTED_AMOUNT'],
    ['an amount with 7 decimals', { message: 'ok', expectedAmount: '1.1234567' }, 'INVALID_EXPECTED_AMOUNT'],
    ['an amount with an exponent', { message: 'ok', expectedAmount: '1e6' }, 'INVALID_EXPECTED_AMOUNT'],
    ['an amount above the total supply', { message: 'ok', expectedAmount: '1000000001' }, 'INVALID_EXPECTED_AMOUNT'],
    ['a missing message', {}, 'VALIDATION_ERROR'],
    ['a number as message', { message: 42 }, 'VALIDATION_ERROR'],
    ['an amount as a JSON number', { message: 'ok', expectedAmount: 15 }, 'VALIDATION_ERROR'],
    ['an unknown field (status)', { message: 'ok', status: 'resolved' }, 'VALIDATION_ERROR'],
  ] as const)('refuses %s with 400 %s and stores nothing', async (_label, payload, code) => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await create(cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(code);
    expect(await ctx.handle.db.selectFrom('allocation_disputes').selectAll().execute()).toEqual([]);
  });

  it('accepts the longest allowed texts, counted in characters', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const response = await create(cookie, {
      message: '橡'.repeat(1000),
      category: longCategory,
      reference: 'r'.repeat(200),
      expectedAmount: '1000000000',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().dispute.expectedAmount).toBe(1_000_000_000);
  });

  it('keeps HTML as text and drops control characters', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const html = '<img src=x onerror="alert(1)"><b>bold</b> & \'quotes\'';
    const response = await create(cookie, { message: `${html}\u0000\u001b[31m`, category: '<script>x</script>' });
    expect(response.statusCode).toBe(201);
    const [listed] = (await mine(cookie)).json().disputes;
    expect(listed.message).toBe(`${html}[31m`);
    expect(listed.category).toBe('<script>x</script>');
  });

  it('limits each user to 5 reports an hour (429 RATE_LIMITED), counted per user', async () => {
    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await create(cookie, { message: `try ${i}` });
      statuses.push(response.statusCode);
      if (response.statusCode === 201) await resolveDispute(ctx.handle.db, response.json().dispute.id);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await loginCookie(ctx.app, mainnetWallets.legacy);
    expect((await create(other.cookie, { message: 'me' })).statusCode).toBe(201);
  });
});

describe('GET /api/allocation/disputes/mine', () => {
  it("names the categories a report may take: the wallet's in the live snapshot, sorted", async () => {
    const holder = await loginCookie(ctx.app, mainnetWallets.taproot);
    expect((await mine(holder.cookie)).json()).toEqual({ disputes: [], categories: [...holderCategories].sort() });
    const stranger = await loginCookie(ctx.app, mainnetWallets.p2sh);
    expect((await mine(stranger.cookie)).json()).toEqual({ disputes: [], categories: [] });
  });

  it("returns only the caller's own reports, newest first, with the operator's answer", async () => {
    const alice = await loginCookie(ctx.app, mainnetWallets.taproot);
    const bob = await loginCookie(ctx.app, mainnetWallets.legacy);
    const first = (await create(alice.cookie, { message: 'alice one' })).json().dispute;
    await answerDispute(ctx.handle.db, first.id, 'Your tokens are under Staking Season 1.');
    await resolveDispute(ctx.handle.db, first.id);
    await create(alice.cookie, { message: 'alice two' });
    await create(bob.cookie, { message: 'bob secret' });

    const aliceList = (await mine(alice.cookie)).json().disputes;
    expect(aliceList.map((d: { message: string }) => d.message)).toEqual(['alice two', 'alice one']);
    expect(aliceList[1]).toMatchObject({ status: 'resolved', answer: 'Your tokens are under Staking Season 1.' });
    const bobList = (await mine(bob.cookie)).json().disputes;
    expect(bobList.map((d: { message: string }) => d.message)).toEqual(['bob secret']);
    expect(JSON.stringify(bobList)).not.toContain('alice');
  });

  it('offers no holder route to answer, resolve or read another dispute', async () => {
    const alice = await loginCookie(ctx.app, mainnetWallets.taproot);
    const bob = await loginCookie(ctx.app, mainnetWallets.legacy);
    const { id } = (await create(alice.cookie, { message: 'alice' })).json().dispute;
    for (const [method, path] of [
      ['GET', `${url}/${id}`],
      ['PATCH', `${url}/${id}`],
      ['POST', `${url}/${id}/answer`],
      ['POST', `${url}/${id}/resolve`],
      ['GET', `${url}?wallet=${mainnetWallets.taproot}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url: path, headers: { cookie: bob.cookie }, payload: method === 'GET' ? undefined : { message: 'hacked' } });
      expect(response.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    const [row] = await ctx.handle.db.selectFrom('allocation_disputes').selectAll().execute();
    expect(row).toMatchObject({ status: 'open', answer: null });
  });
});
