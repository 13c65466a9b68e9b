/** Shape of demo/demo-data.json (written by scripts/generate-demo-data.ts). */
export interface DemoData {
  version: 1;
  users: Array<{ walletAddress: string; points: number; createdAt: number; blocked: boolean }>;
}
