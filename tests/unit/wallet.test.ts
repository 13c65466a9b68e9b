import { describe, expect, it } from 'vitest';
import {
  isRestorableSessionWallet,
  isValidJoinAddress,
  normalizeWallet,
  walletKind,
} from '../../shared/wallet.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

const boundaries = [
  { prefix: 'bc1p', min: 62, max: 62 },
  { prefix: 'bc1q', min: 42, max: 62 },
  { prefix: '3', min: 26, max: 35 },
  { prefix: '1', min: 26, max: 35 },
];

describe('join address rule (SPEC section 5)', () => {
  for (const { prefix, min, max } of boundaries) {
    it(`accepts ${prefix} addresses of exactly ${min} and ${max} characters`, () => {
      expect(isValidJoinAddress(fakeWallet(prefix, min))).toBe(true);
      expect(isValidJoinAddress(fakeWallet(prefix, max))).toBe(true);
    });

    it(`rejects ${prefix} addresses of ${min - 1} and ${max + 1} characters`, () => {
      expect(isValidJoinAddress(fakeWallet(prefix, min - 1))).toBe(false);
      expect(isValidJoinAddress(fakeWallet(prefix, max + 1))).toBe(false);
    });
  }

  it('accepts every length between the bc1q bounds', () => {
    for (let length = 42; length <= 62; length++) {
      expect(isValidJoinAddress(fakeWallet('bc1q', length)), `length ${length}`).toBe(true);
    }
  });

  it('accepts real mainnet addresses of each type', () => {
    expect(walletKind(mainnetWallets.taproot)).toBe('taproot');
    expect(walletKind(mainnetWallets.segwitKey)).toBe('segwit');
    expect(walletKind(mainnetWallets.segwitScript)).toBe('segwit');
    expect(walletKind(mainnetWallets.p2sh)).toBe('p2sh');
    expect(walletKind(mainnetWallets.legacy)).toBe('legacy');
  });

  it('rejects other prefixes, testnet addresses and empty input', () => {
    expect(isValidJoinAddress('')).toBe(false);
    expect(isValidJoinAddress(fakeWallet('bc1z', 42))).toBe(false);
    expect(isValidJoinAddress(fakeWallet('tb1q', 42))).toBe(false);
    expect(isValidJoinAddress(fakeWallet('2', 34))).toBe(false);
  });

  it('accepts an upper-case bech32 address, as some wallets display them', () => {
    expect(isValidJoinAddress(mainnetWallets.segwitKey.toUpperCase())).toBe(true);
  });
});

describe('wallet normalisation', () => {
  it('lower-cases and trims bech32 addresses', () => {
    expect(normalizeWallet(`  ${mainnetWallets.taproot.toUpperCase()} `)).toBe(mainnetWallets.taproot);
  });

  it('keeps base58 addresses case-sensitive', () => {
    expect(normalizeWallet(` ${mainnetWallets.legacy}\n`)).toBe(mainnetWallets.legacy);
  });
});

describe('stored session restore rule (SPEC section 4)', () => {
  it('restores wallets starting with bc1, 1 or 3', () => {
    expect(isRestorableSessionWallet(mainnetWallets.taproot)).toBe(true);
    expect(isRestorableSessionWallet(mainnetWallets.legacy)).toBe(true);
    expect(isRestorableSessionWallet(mainnetWallets.p2sh)).toBe(true);
  });

  it('clears anything else', () => {
    expect(isRestorableSessionWallet('tb1qexample')).toBe(false);
    expect(isRestorableSessionWallet('0xabc')).toBe(false);
    expect(isRestorableSessionWallet('')).toBe(false);
  });
});
