/** Shape of demo/demo-data.json (written by scripts/generate-demo-data.ts). Amounts are decimal strings. */
export interface DemoData {
  version: 2;
  users: Array<{ walletAddress: string; points: number; createdAt: number; blocked: boolean }>;
  /** [wallet_address, category, tokens] */
  allocationRecords: Array<[string, string, string]>;
  /** [wallet_address, final_points, allocated_tokens] */
  pointsAllocations: Array<[string, number, string]>;
  stakingLockedCount: number;
}
