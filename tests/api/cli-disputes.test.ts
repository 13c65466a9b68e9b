import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../helpers/build-app.js';
import { runCli } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

// Each case starts the CLI several times (a tsx start each): slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 90_000 });

const ctx = useTestApp();
beforeEach(async () => {
  // A report names one of the wallet's own categories.
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '10' }]);
});

const disputes = (args: string[]) => runCli('disputes', args, ctx.config);

async function report(wallet: string, payload: Record<string, string>): Promise<number> {
  const { cookie } = await loginCookie(ctx.app, wallet);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/allocation/disputes', headers: { cookie }, payload });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().dispute.id;
}

const html = '<b>missing</b> "tokens", =SUM(A1)\nsecond line';

describe('npm run disputes', () => {
  it('lists, shows, answers and resolves; the holder sees the answer', async () => {
    const first = await report(mainnetWallets.taproot, { message: html, category: 'Holder Airdrop', expectedAmount: '1500.5', reference: 'tx-9' });
    const second = await report(mainnetWallets.legacy, { message: 'Nothing at all' });

    const list = await disputes(['list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^#${first}\\s+open\\s.*${mainnetWallets.taproot}\\s+\\[Holder Airdrop\\] <b>missing</b> "tokens", =SUM\\(A1\\) second line$`));
    expect(lines[1]).toContain(`#${second}`);
    expect(lines.at(-1)).toBe('2 disputes');

    const show = await disputes(['show', String(first)]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`dispute #${first}`);
    expect(show.stdout).toContain('1500.5 tokens');
    expect(show.stdout).toContain('tx-9');
    expect(show.stdout).toContain(`message:\n${html}\n`);

    const answer = await disputes(['answer', String(first), '--message', 'Your tokens are in <Staking Season 1>.']);
    expect(answer.code).toBe(0);
    expect(answer.stdout.trim()).toBe(`answered dispute #${first}`);

    const open = await disputes(['list', '--status', 'open']);
    expect(open.stdout).not.toContain(`#${first} `);
    expect(open.stdout).toContain(`#${second} `);
    expect(open.stdout.trim().split('\n').at(-1)).toBe('1 dispute open');

    const { cookie } = await loginCookie(ctx.app, mainnetWallets.taproot);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/allocation/disputes/mine', headers: { cookie } });
    expect(mine.json().disputes[0]).toMatchObject({ status: 'answered', answer: 'Your tokens are in <Staking Season 1>.' });

    expect((await disputes(['resolve', String(first)])).stdout.trim()).toBe(`resolved dispute #${first}`);
    expect((await disputes(['list', '--status', 'resolved'])).stdout).toContain(`#${first} `);
    const again = await disputes(['resolve', String(first)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`dispute #${first} is already resolved`);
  });

  it('writes answer, resolve and reopen to the audit log with the system user, reason, before and after', async () => {
    const id = await report(mainnetWallets.taproot, { message: 'Where are my tokens?' });
    expect((await disputes(['answer', String(id), '--message', 'Under Season 1.', '--reason', 'checked the snapshot'])).code).toBe(0);
    expect((await disputes(['resolve', String(id)])).code).toBe(0);
    const reopened = await disputes(['reopen', String(id), '--reason', 'holder wrote again']);
    expect(reopened.code).toBe(0);
    expect(reopened.stdout.trim()).toBe(`reopened dispute #${id} (answered)`);
    expect((await disputes(['reopen', String(id)])).code).toBe(1);

    const entries = await ctx.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, target, reason }) => ({ action, target, reason }))).toEqual([
      { action: 'dispute.answer', target: `dispute:${id}`, reason: 'checked the snapshot' },
      { action: 'dispute.resolve', target: `dispute:${id}`, reason: null },
      { action: 'dispute.reopen', target: `dispute:${id}`, reason: 'holder wrote again' },
    ]);
    expect(JSON.parse(entries[0]!.before!)).toEqual({ status: 'open', answer: null });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ status: 'answered', answer: 'Under Season 1.' });
    expect(JSON.parse(entries[2]!.before!)).toMatchObject({ status: 'resolved' });
    expect(JSON.parse(entries[2]!.after!)).toMatchObject({ status: 'answered' });
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
  });

  it('exports CSV that parses back to the same text, HTML and line breaks included', async () => {
    const first = await report(mainnetWallets.taproot, { message: html, category: 'Holder Airdrop', expectedAmount: '1500.5', reference: 'tx-9' });
    await report(mainnetWallets.legacy, { message: 'Nothing at all' });
    await disputes(['answer', String(first), '--message', 'Checked, "all fine", sorry']);

    const run = await disputes(['export']);
    expect(run.code).toBe(0);
    const rows = parse(run.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: String(first),
      status: 'answered',
      wallet_address: mainnetWallets.taproot,
      category: 'Holder Airdrop',
      expected_amount: '1500.5',
      message: html,
      reference: 'tx-9',
      answer: 'Checked, "all fine", sorry',
    });
    expect(rows[1]).toMatchObject({ wallet_address: mainnetWallets.legacy, status: 'open', answer: '', expected_amount: '' });

    const onlyOpen = parse((await disputes(['export', '--status', 'open'])).stdout, { columns: true }) as Array<Record<string, string>>;
    expect(onlyOpen.map((row) => row.wallet_address)).toEqual([mainnetWallets.legacy]);
  });

  it('keeps a message that starts like a formula as text in the export', async () => {
    await report(mainnetWallets.taproot, { message: '=HYPERLINK("http://evil")' });
    const [row] = parse((await disputes(['export'])).stdout, { columns: true }) as Array<Record<string, string>>;
    expect(row!.message).toBe('\'=HYPERLINK("http://evil")');
  });

  it('fails with exit 1 for an unknown dispute', async () => {
    const unknown = await disputes(['show', '999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no dispute #999');
    expect((await disputes(['answer', '999', '--message', 'hi'])).code).toBe(1);
  });

  it('fails with exit 2 for bad arguments', async () => {
    expect((await disputes([])).code).toBe(2);
    expect((await disputes(['list', '--status', 'closed'])).code).toBe(2);
    expect((await disputes(['answer', '1'])).code).toBe(2);
    expect((await disputes(['show', 'abc'])).code).toBe(2);
    expect((await disputes(['frobnicate'])).code).toBe(2);
  });
});
