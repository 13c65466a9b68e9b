/**
 * Where each character sorts among the ones addresses use (digits, capitals, small letters, as byte
 * order has them), in six bits; any other character after them.
 */
const characterRanks = (() => {
  const ranks = new Uint8Array(128).fill(63);
  for (let code = 0; code < 128; code += 1) {
    if (code >= 48 && code <= 57) ranks[code] = code - 48;
    else if (code >= 65 && code <= 90) ranks[code] = code - 55;
    else if (code >= 97 && code <= 122) ranks[code] = code - 61;
  }
  return ranks;
})();

/**
 * The first `length` rows in the order of their addresses' first characters, rows that tie in list
 * order. PostgreSQL then adds each row to the covering index next to the one before, not at a random
 * page of a million-entry index: `COPY` of a million rows into the indexed table took 8.6 s in list
 * order, 3.2 s in this one and 3.1 s fully sorted. Exact order is not needed, only nearness, so the
 * key is as many characters as fit in 64 bits beside the row number, and one numeric sort orders them.
 */
export function addressOrder(wallets: readonly string[], length: number): Uint32Array {
  const rowBits = Math.max(1, Math.ceil(Math.log2(Math.max(length, 2))));
  // The characters' part stays an exact integer in a double (≤ 48 bits) before it moves into a BigInt.
  const characters = Math.min(8, Math.floor((64 - rowBits) / 6));
  const shift = BigInt(rowBits);
  const keys = new BigUint64Array(length);
  for (let row = 0; row < length; row += 1) {
    const wallet = wallets[row]!;
    let key = 0;
    for (let i = 0; i < characters; i += 1) {
      const code = wallet.charCodeAt(i);
      // Past its end (NaN) an address counts as ending in '0's.
      key = key * 64 + (Number.isNaN(code) ? 0 : code < 128 ? characterRanks[code]! : 63);
    }
    keys[row] = (BigInt(key) << shift) | BigInt(row);
  }
  keys.sort();
  const rowMask = (1n << shift) - 1n;
  const order = new Uint32Array(length);
  for (let i = 0; i < length; i += 1) order[i] = Number(keys[i]! & rowMask);
  return order;
}
