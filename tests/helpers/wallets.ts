/** Real mainnet addresses, one per kind the join form accepts. */
export const mainnetWallets = {
  taproot: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  segwitKey: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  segwitScript: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  legacy: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
} as const;

/** A syntactically valid address of the given prefix and total length (not a real key). */
export function fakeWallet(prefix: string, length: number): string {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  let body = '';
  for (let i = 0; body.length < length - prefix.length; i++) body += alphabet[i % alphabet.length];
  return prefix + body;
}

/** A distinct wallet-shaped address per number (imported with --allow-unchecked-addresses). */
export function numberedWallet(n: number): string {
  const alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  let body = '';
  for (let rest = n; body.length < 38; rest = Math.floor(rest / 32)) body += alphabet[rest % 32];
  return `bc1q${body}`;
}
