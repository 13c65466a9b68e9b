/**
 * Splits `total` (integer micro-tokens) in proportion to `weights` by the largest-remainder method: every
 * share is rounded down, then the units left over go one each to the largest remainders, ties to the
 * earlier weight. The shares add up to `total` exactly and the order of the input decides every tie.
 */
export function splitByWeights(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n || weights.some((weight) => weight < 0n)) throw new RangeError('Negative total or weight');
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) throw new RangeError('The weights add up to zero');

  const shares = weights.map((weight) => (total * weight) / sum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let left = total - shares.reduce((acc, share) => acc + share, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  // Fewer units are left than there are weights, since each share lost less than one.
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}
