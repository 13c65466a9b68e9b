import { distribution, type DistributionKey } from '@shared/tokenomics';

/** The distribution entry of one allocation; the list is fixed data, so a missing key is a bug. */
export function shareOf(key: DistributionKey) {
  const item = distribution.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`No distribution entry for ${key}`);
  return item;
}
