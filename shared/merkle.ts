/**
 * The Merkle tree over the allocation table (docs/verify-allocation.md). Pure and platform-neutral so the
 * server builds it with node:crypto and the browser checks a proof with Web Crypto, with the same code.
 *
 * - leaf text: `wallet|category|micro-tokens`, the amount a plain integer (shared/token-amount.ts)
 * - leaf hash: sha256(0x00 || utf8(leaf text))
 * - leaves are sorted by their hash, bytewise; equal leaves (the same row imported twice) all stay
 * - node hash: sha256(0x01 || min(a, b) || max(a, b)), bytewise min/max: a proof needs no left/right flags
 * - a level with an odd count promotes its last hash unchanged; the root is the one hash left
 *
 * The 0x00/0x01 prefixes keep a node from ever passing as a leaf. Sorting by hash rather than by text makes
 * the tree independent of row order and of any database collation.
 */

/** SHA-256 of the bytes. Sync (node:crypto) or async (crypto.subtle); the API is async either way. */
export type Sha256 = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export const hashLength = 32;
const leafPrefix = 0x00;
const nodePrefix = 0x01;
// Hashing millions of nodes with a sync hash would hold the event loop; hand it back every so often.
const hashesPerSlice = 65_536;

const encoder = new TextEncoder();

export interface MerkleTree {
  /** levels[0]: the sorted leaf hashes, back to back; the last level holds the root (none without leaves). */
  levels: Uint8Array[];
}

export function allocationLeafText(wallet: string, category: string, micro: bigint | number | string): string {
  // An import hashes a million of these: a safe integer needs no BigInt to print exactly.
  if (typeof micro === 'number' && Number.isSafeInteger(micro) && micro >= 0) return `${wallet}|${category}|${micro}`;
  const amount = typeof micro === 'bigint' ? micro : /^\d+$/.test(String(micro)) ? BigInt(micro) : -1n;
  if (amount < 0n) throw new RangeError(`Not a micro-token amount: ${String(micro)}`);
  return `${wallet}|${category}|${amount}`;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The leaf's input as text: its UTF-8 encoding is what the leaf hash hashes. */
export function leafMessage(leafText: string): string {
  // A code point below 0x80 encodes to that one byte: the prefix and the text in one encode.
  return String.fromCharCode(leafPrefix) + leafText;
}

/**
 * The UTF-8 of leafMessage(allocationLeafText(wallet, category, micro)) for many rows, back to back,
 * written straight into bytes: an import's million messages cost no strings and cross to another
 * thread as one transferred buffer. Amounts are micro-tokens as safe integers.
 */
export class LeafMessageBytes {
  bytes: Uint8Array<ArrayBuffer>;
  length = 0;
  /** `|category|` in UTF-8, by category id. */
  readonly #categoryParts: Uint8Array[];

  constructor(categories: readonly string[], capacity: number) {
    this.#categoryParts = categories.map((category) => encoder.encode(`|${category}|`));
    this.bytes = new Uint8Array(Math.max(capacity, 256));
  }

  /** Appends one row's message; returns the UTF-8 length of its wallet, which starts one byte after the message does. */
  append(wallet: string, categoryId: number, micro: number): number {
    if (!Number.isSafeInteger(micro) || micro < 0) throw new RangeError(`Not a micro-token amount: ${micro}`);
    const digits = String(micro);
    const category = this.#categoryParts[categoryId]!;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.#reserve(1 + 3 * wallet.length + category.length + digits.length);
    const bytes = this.bytes;
    let at = this.length;
    bytes[at++] = leafPrefix;
    const walletStart = at;
    for (let i = 0; i < wallet.length; i += 1) {
      const code = wallet.charCodeAt(i);
      if (code >= 0x80) {
        at = walletStart + encoder.encodeInto(wallet, bytes.subarray(walletStart)).written;
        break;
      }
      bytes[at++] = code;
    }
    const walletLength = at - walletStart;
    bytes.set(category, at);
    at += category.length;
    for (let i = 0; i < digits.length; i += 1) bytes[at++] = digits.charCodeAt(i);
    this.length = at;
    return walletLength;
  }

  #reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    larger.set(this.bytes.subarray(0, this.length));
    this.bytes = larger;
  }
}

function leafInput(leafText: string): Uint8Array {
  return encoder.encode(leafMessage(leafText));
}

/** Writes 0x01 || min(a, b) || max(a, b) into `into` (65 bytes). */
function writePairInput(into: Uint8Array, hashes: Uint8Array, a: number, b: Uint8Array = hashes, bStart = a + hashLength): Uint8Array {
  const aFirst = compareBytes(hashes, a, b, bStart) <= 0;
  into[0] = nodePrefix;
  copyHash(aFirst ? hashes : b, aFirst ? a : bStart, into, 1);
  copyHash(aFirst ? b : hashes, aFirst ? bStart : a, into, 1 + hashLength);
  return into;
}

/** Copies one hash byte by byte: a million `subarray` views (what `set` would need) cost more than the copy. */
function copyHash(from: Uint8Array, fromStart: number, to: Uint8Array, toStart: number): void {
  for (let i = 0; i < hashLength; i += 1) to[toStart + i] = from[fromStart + i]!;
}

function pairInput(a: Uint8Array, b: Uint8Array): Uint8Array {
  return writePairInput(new Uint8Array(1 + 2 * hashLength), a, 0, b, 0);
}

export async function hashLeaf(hash: Sha256, leafText: string): Promise<Uint8Array> {
  return hash(leafInput(leafText));
}

export async function hashPair(hash: Sha256, a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  return hash(pairInput(a, b));
}

/** Leaf hashes of the texts, back to back in input order. */
export async function hashLeaves(hash: Sha256, leafTexts: Iterable<string>): Promise<Uint8Array> {
  const texts = Array.isArray(leafTexts) ? (leafTexts as readonly string[]) : [...leafTexts];
  const flat = new Uint8Array(texts.length * hashLength);
  for (let i = 0; i < texts.length; i += 1) {
    const out = hash(leafInput(texts[i]!));
    // Awaiting only real promises keeps a sync hash from paying a microtask per leaf.
    flat.set(out instanceof Uint8Array ? out : await out, i * hashLength);
    if ((i + 1) % hashesPerSlice === 0) await pause();
  }
  return flat;
}

function compareBytes(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number): number {
  for (let i = 0; i < hashLength; i += 1) {
    const diff = a[aStart + i]! - b[bStart + i]!;
    if (diff !== 0) return diff;
  }
  return 0;
}

function hashCount(flat: Uint8Array): number {
  if (flat.length % hashLength !== 0) throw new RangeError('Hashes must be 32 bytes each, back to back');
  return flat.length / hashLength;
}

/**
 * The hashes sorted bytewise (a new array). Hashes are uniform, so a counting sort on their first two
 * bytes leaves buckets of a few each (for a million), which an insertion sort on the next four bytes,
 * then on all 32, orders: linear time where a comparison sort of a million took most of a second.
 */
export function sortHashes(flat: Uint8Array): Uint8Array {
  const count = hashCount(flat);
  const bucketOf = (i: number) => (flat[i * hashLength]! << 8) | flat[i * hashLength + 1]!;
  const starts = new Uint32Array(65_537);
  for (let i = 0; i < count; i += 1) starts[bucketOf(i) + 1]! += 1;
  for (let bucket = 1; bucket <= 65_536; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
  const next = starts.slice(0, 65_536);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) order[next[bucketOf(i)]!++] = i;
  const keys = new Uint32Array(count);
  for (let i = 0, at = 2; i < count; i += 1, at += hashLength) {
    keys[i] = ((flat[at]! << 24) | (flat[at + 1]! << 16) | (flat[at + 2]! << 8) | flat[at + 3]!) >>> 0;
  }
  const after = (x: number, y: number) => keys[x]! > keys[y]! || (keys[x] === keys[y] && compareBytes(flat, x * hashLength, flat, y * hashLength) > 0);
  for (let bucket = 0; bucket < 65_536; bucket += 1) {
    const first = starts[bucket]!;
    for (let i = first + 1; i < starts[bucket + 1]!; i += 1) {
      const item = order[i]!;
      let j = i - 1;
      for (; j >= first && after(order[j]!, item); j -= 1) order[j + 1] = order[j]!;
      order[j + 1] = item;
    }
  }
  const sorted = new Uint8Array(flat.length);
  for (let to = 0; to < count; to += 1) copyHash(flat, order[to]! * hashLength, sorted, to * hashLength);
  return sorted;
}

/** Builds every level above the sorted leaf hashes (see sortHashes). */
export async function buildMerkleTree(sortedLeafHashes: Uint8Array, hash: Sha256): Promise<MerkleTree> {
  const levels = [sortedLeafHashes];
  let level = sortedLeafHashes;
  let hashed = 0;
  // One input buffer for every node: hash functions read their input before they return (Web Crypto copies it).
  const input = new Uint8Array(1 + 2 * hashLength);
  while (hashCount(level) > 1) {
    const count = hashCount(level);
    const next = new Uint8Array(Math.ceil(count / 2) * hashLength);
    for (let i = 0; i + 1 < count; i += 2) {
      const out = hash(writePairInput(input, level, i * hashLength));
      next.set(out instanceof Uint8Array ? out : await out, (i / 2) * hashLength);
      hashed += 1;
      if (hashed % hashesPerSlice === 0) await pause();
    }
    if (count % 2 === 1) next.set(level.subarray((count - 1) * hashLength), next.length - hashLength);
    levels.push(next);
    level = next;
  }
  return { levels };
}

export function leafCount(tree: MerkleTree): number {
  return hashCount(tree.levels[0]!);
}

export function treeRoot(tree: MerkleTree): Uint8Array | null {
  const top = tree.levels[tree.levels.length - 1]!;
  return top.length === hashLength ? top : null;
}

/**
 * Position of a leaf hash in the sorted leaves, or -1. Equal leaves sit side by side: `occurrence` picks
 * the n-th of them, so a wallet with the same row twice gets a proof for each.
 */
export function leafIndex(tree: MerkleTree, leafHash: Uint8Array, occurrence = 0): number {
  const leaves = tree.levels[0]!;
  let low = 0;
  let high = hashCount(leaves);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareBytes(leaves, mid * hashLength, leafHash, 0) < 0) low = mid + 1;
    else high = mid;
  }
  const index = low + occurrence;
  if (index >= hashCount(leaves)) return -1;
  return compareBytes(leaves, index * hashLength, leafHash, 0) === 0 ? index : -1;
}

/** The sibling hashes from the leaf at `index` up to the root (a promoted node has none at its level). */
export function merkleProof(tree: MerkleTree, index: number): Uint8Array[] {
  if (!Number.isInteger(index) || index < 0 || index >= leafCount(tree)) throw new RangeError(`No leaf ${index}`);
  const proof: Uint8Array[] = [];
  let position = index;
  for (const level of tree.levels.slice(0, -1)) {
    const sibling = position ^ 1;
    if (sibling < hashCount(level)) proof.push(level.slice(sibling * hashLength, (sibling + 1) * hashLength));
    position >>= 1;
  }
  return proof;
}

export async function verifyProof(
  hash: Sha256,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): Promise<boolean> {
  let node = leafHash;
  for (const sibling of proof) node = await hashPair(hash, node, sibling);
  return node.length === hashLength && root.length === hashLength && compareBytes(node, 0, root, 0) === 0;
}

/** One leaf as the proof endpoint serves it: recomputes the leaf from its fields, then walks the proof. */
export async function verifyAllocationLeaf(
  hash: Sha256,
  leaf: { wallet: string; category: string; micro: string; proof: readonly string[] },
  rootHex: string,
): Promise<boolean> {
  let root: Uint8Array;
  let proof: Uint8Array[];
  try {
    root = fromHex(rootHex);
    proof = leaf.proof.map(fromHex);
    if (root.length !== hashLength || proof.some((node) => node.length !== hashLength)) return false;
    const leafHash = await hashLeaf(hash, allocationLeafText(leaf.wallet, leaf.category, leaf.micro));
    return await verifyProof(hash, leafHash, proof, root);
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
}

/** The root (hex) of these leaf texts in any order; null without leaves. */
export async function merkleRoot(hash: Sha256, leafTexts: Iterable<string>): Promise<string | null> {
  const tree = await buildMerkleTree(sortHashes(await hashLeaves(hash, leafTexts)), hash);
  const root = treeRoot(tree);
  return root ? toHex(root) : null;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new RangeError(`Not hex: '${hex.slice(0, 80)}'`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
