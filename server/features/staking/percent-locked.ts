import { brand } from '@shared/brand';
import { mulDivRound } from '@shared/token-amount';

/**
 * Percent of the collection locked in staking: locked / collection size x 100, rounded half up to 2
 * decimals in integer maths (1000 of 3420 -> 29.24). The one formula behind the endpoint and the CLI.
 */
export function percentLocked(lockedCount: number, collectionSize: number = brand.collectionSize): number {
  if (!Number.isInteger(lockedCount) || lockedCount < 0 || lockedCount > collectionSize) {
    throw new RangeError(`lockedCount must be a whole number from 0 to ${collectionSize}`);
  }
  return Number(mulDivRound(BigInt(lockedCount), 10_000n, BigInt(collectionSize))) / 100;
}
