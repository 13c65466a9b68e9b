import { describe, expect, it } from 'vitest';
import { addressOrder } from '../../server/features/allocation/address-order.js';

/** The rows in the order `addressOrder` gives. */
const ordered = (wallets: string[]) => Array.from(addressOrder(wallets, wallets.length), (row) => wallets[row]);

describe("the order an import's rows reach PostgreSQL in: its covering index's, by address", () => {
  it('sorts bech32, base58 and mixed-case addresses by their first characters, as byte order does', () => {
    const wallets = ['bc1qzz0', 'bc1p9aa', '3Jabc', '1Zx', 'bc1qa00', '1aX', 'bc1p000', '3J000'];
    expect(ordered(wallets)).toEqual([...wallets].sort());
  });

  it("keeps a wallet's rows together, in the list's order, wherever the list put them", () => {
    // Grouped by category, as an operator's list is: each wallet's rows far apart.
    const wallets = ['bc1qb', 'bc1qa', 'bc1qc', 'bc1qa', 'bc1qc', 'bc1qb', 'bc1qa'];
    expect(Array.from(addressOrder(wallets, wallets.length))).toEqual([1, 3, 6, 0, 5, 2, 4]);
  });

  it('orders only the first `length` rows', () => {
    expect(Array.from(addressOrder(['bc1qc', 'bc1qa', 'bc1qb', 'bc1q0'], 3))).toEqual([1, 2, 0]);
  });

  it('orders a million rows, each once', () => {
    const wallets = Array.from({ length: 1_000_000 }, (_, i) => `bc1q${((i * 7_919) % 1_000_003).toString(36).padStart(6, '0')}`);
    const order = addressOrder(wallets, wallets.length);
    expect(new Set(order).size).toBe(wallets.length);
    const outOfOrder = order.findIndex((row, i) => i > 0 && wallets[order[i - 1]!]!.slice(0, 7) > wallets[row]!.slice(0, 7));
    expect(outOfOrder).toBe(-1);
  });
});
