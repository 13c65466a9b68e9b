/** The Merkle root of the allocation table and how many leaves it has. */
export interface MerkleRoot {
  root: string | null;
  leafCount: number;
}
