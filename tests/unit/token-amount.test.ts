import { describe, expect, it } from 'vitest';
import {
  fromMicro,
  microToString,
  mulDivRound,
  splitByPercents,
  sumMicro,
  toMicro,
} from '@shared/token-amount.js';

describe('toMicro', () => {
  it('parses decimal strings digit by digit', () => {
    expect(toMicro('69412725.85')).toBe(69_412_725_850_000n);
    expect(toMicro('0.000001')).toBe(1n);
    expect(toMicro('-2.5')).toBe(-2_500_000n);
    expect(toMicro('.5')).toBe(500_000n);
  });

  it('converts numbers through their shortest decimal rather than their binary value', () => {
    expect(toMicro(0.1)).toBe(100_000n);
    expect(toMicro(10_587_274.15)).toBe(10_587_274_150_000n);
    expect(toMicro(1_000_000_000)).toBe(1_000_000_000_000_000n);
  });

  it('rounds digits past the sixth decimal half away from zero', () => {
    expect(toMicro('1.0000005')).toBe(1_000_001n);
    expect(toMicro('1.0000004')).toBe(1_000_000n);
    expect(toMicro('-1.0000005')).toBe(-1_000_001n);
    expect(toMicro(2.0000005)).toBe(2_000_001n);
  });

  it('rejects text and non-finite numbers that are not amounts', () => {
    expect(() => toMicro('abc')).toThrow(RangeError);
    expect(() => toMicro('')).toThrow(RangeError);
    expect(() => toMicro('1e5')).toThrow(RangeError);
    expect(() => toMicro(Number.NaN)).toThrow(RangeError);
    expect(() => toMicro(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('fromMicro and microToString', () => {
  it('turns micro-tokens back into the exact decimal', () => {
    expect(microToString(75_070_600_000n)).toBe('75070.6');
    expect(microToString(-1n)).toBe('-0.000001');
    expect(microToString(5_000_000n)).toBe('5');
    expect(fromMicro(69_412_725_850_000n)).toBe(69_412_725.85);
    expect(fromMicro(1_500_000)).toBe(1.5);
  });

  it('refuses a micro amount that is not a safe integer', () => {
    expect(() => fromMicro(1.5)).toThrow(RangeError);
  });

  it('gives the double nearest the exact decimal for every size of amount, as a number or a BigInt', () => {
    // A fixed pseudo-random sequence (xorshift), so a failure names the same amounts on every run.
    let state = 0x2545f491;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    const amounts = [0, 1, 5, 999_999, 1_000_001, 123_456_789, 100_000_000_000_000, 1_000_000_000_000_000, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 20_000; i += 1) amounts.push(Math.floor(next() * 10 ** (1 + Math.floor(next() * 15))));
    for (const micro of amounts) {
      for (const amount of [micro, -micro]) {
        const exact = Number(microToString(BigInt(amount)));
        expect(fromMicro(amount)).toBe(exact);
        expect(fromMicro(BigInt(amount))).toBe(exact);
      }
    }
    const huge = 10n ** 30n + 1n;
    expect(fromMicro(huge)).toBe(Number(microToString(huge)));
  });
});

describe('exact arithmetic', () => {
  it('sums amounts that would drift as floats', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fromMicro(sumMicro([toMicro(0.1), toMicro(0.2)]))).toBe(0.3);
  });

  it('rounds a product over a divisor half away from zero', () => {
    expect(mulDivRound(5n, 1n, 2n)).toBe(3n);
    expect(mulDivRound(4n, 1n, 3n)).toBe(1n);
    expect(mulDivRound(-5n, 1n, 2n)).toBe(-3n);
    expect(() => mulDivRound(1n, 1n, 0n)).toThrow(RangeError);
  });

  it('splits by percents with shares that add back to the amount exactly', () => {
    const shares = splitByPercents(7n, [20, 30, 50]);
    expect(shares).toEqual([1n, 2n, 4n]);
    expect(sumMicro(shares)).toBe(7n);
  });

  it('refuses percents that do not sum to 100', () => {
    expect(() => splitByPercents(100n, [20, 30, 40])).toThrow(RangeError);
    expect(() => splitByPercents(100n, [20.5, 29.5, 50])).toThrow(RangeError);
  });
});
