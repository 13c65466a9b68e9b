import { describe, expect, it } from 'vitest';
import { normalizeWallet } from '@shared/wallet';
import type { ExplorerAnswer, ExplorerTransaction, TransactionStatus } from '../../server/integrations/esplora.js';
import {
  afterCheck,
  type CheckedTransaction,
  nextCall,
  paysWallet,
  readyForFinalCheck,
} from '../../server/features/payouts/transaction-check.js';

const rules = { finalConfirmations: 6, notFoundMs: 24 * 3_600_000 };
const recorded: CheckedTransaction = { state: 'unchecked', blockHeight: null, firstSeenAt: null, recordedAt: 0, outputsPending: true, final: false };
const holder = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
type Answer = ExplorerAnswer<ExplorerTransaction | TransactionStatus>;

const inMempool: Answer = { kind: 'found', value: { outputs: [{ index: 0, address: holder }], status: { confirmed: false, blockHeight: null } } };
const inBlock = (height: number): Answer => ({ kind: 'found', value: { confirmed: true, blockHeight: height } });
const unknown: Answer = { kind: 'unknown' };
const busy: Answer = { kind: 'busy', retryAfterMs: 60_000 };
const check = (transaction: CheckedTransaction, answers: Answer[], now: number, tipHeight: number | null = 900_000) =>
  afterCheck(transaction, answers, { now, tipHeight, explorers: 2, rules });

describe('a payout transaction, checked against the explorers', () => {
  it('reads the outputs once, then only the status until it is deep enough, checks once more, and is never asked again', () => {
    expect(nextCall(recorded)).toBe('transaction');
    const seen = check(recorded, [inMempool], 1_000);
    expect(seen).toMatchObject({ state: 'unconfirmed', firstSeenAt: 1_000, outputsPending: false, final: false });
    expect(nextCall(seen)).toBe('status');

    const mined = check(seen, [inBlock(900_000)], 200_000, 900_000);
    expect(mined).toMatchObject({ state: 'confirmed', blockHeight: 900_000, final: false });
    // The next check waits for the sixth confirmation.
    expect(readyForFinalCheck(mined, 900_004, rules)).toBe(false);
    expect(readyForFinalCheck(mined, 900_005, rules)).toBe(true);

    const final = check(mined, [inBlock(900_000)], 4_000_000, 900_005);
    expect(final).toMatchObject({ state: 'confirmed', final: true });
    expect(nextCall(final)).toBeNull();
  });

  it('reads the outputs again for a payout given a transaction already final, and stays final', () => {
    const final = { ...recorded, state: 'confirmed' as const, blockHeight: 900_000, firstSeenAt: 1, outputsPending: false, final: true };
    expect(nextCall(final)).toBeNull();
    const replaced = { ...final, outputsPending: true };
    expect(nextCall(replaced)).toBe('transaction');
    const read = check(replaced, [{ kind: 'found', value: { outputs: [], status: { confirmed: true, blockHeight: 900_000 } } }], 9_000, 900_001);
    expect(read).toMatchObject({ outputsPending: false, final: true });
  });

  it('follows a reorganisation found at the last check back to the mempool', () => {
    const mined = { ...recorded, state: 'confirmed' as const, blockHeight: 900_000, firstSeenAt: 1, outputsPending: false };
    const reorganised = check(mined, [{ kind: 'found', value: { confirmed: false, blockHeight: null } }], 5_000, 900_010);
    expect(reorganised).toMatchObject({ state: 'unconfirmed', blockHeight: null, final: false });
  });

  it('is dropped once seen and then unknown to every explorer, not when one of them is busy', () => {
    const seen = check(recorded, [inMempool], 1_000);
    expect(check(seen, [unknown, busy], 2_000)).toEqual(seen);
    expect(check(seen, [unknown, unknown], 2_000)).toMatchObject({ state: 'dropped', firstSeenAt: 1_000 });
  });

  it('is not_found only when never seen for the configured hours', () => {
    const almost = check(recorded, [unknown, unknown], rules.notFoundMs - 1);
    expect(almost.state).toBe('unchecked');
    expect(check(recorded, [unknown, unknown], rules.notFoundMs).state).toBe('not_found');
    // Broadcast late: found after all.
    expect(check({ ...recorded, state: 'not_found' }, [inMempool], rules.notFoundMs + 5).state).toBe('unconfirmed');
  });

  it('keeps the last known state while every explorer is busy or down', () => {
    const seen = check(recorded, [inMempool], 1_000);
    expect(check(seen, [busy, { kind: 'failed', reason: 'down' }], 9_000)).toEqual(seen);
  });
});

describe('whether a transaction pays the wallet', () => {
  const outputs = [
    { index: 0, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    { index: 1, address: null },
    { index: 2, address: holder.toUpperCase() },
  ];
  it('at any output, or at the named one, comparing addresses as the list does', () => {
    expect(paysWallet(outputs, holder, null, normalizeWallet)).toBe(true);
    expect(paysWallet(outputs, holder, 2, normalizeWallet)).toBe(true);
    expect(paysWallet(outputs, holder, 0, normalizeWallet)).toBe(false);
    expect(paysWallet(outputs, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', null, normalizeWallet)).toBe(false);
  });
});
