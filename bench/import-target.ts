/**
 * One database the import bench runs on. Each call times one side into a fresh database of its own,
 * removed afterwards, so no round starts from another's pages.
 */
export interface ImportTarget {
  /** The baseline's name in the printed lines (the tool that runs it). */
  baselineName: string;
  /** The goal printed with the median ratio, when there is one. */
  goal: string | null;
  timeBaseline(round: number): Promise<number>;
  /** Times `node nodeArgs…` (the compiled import command) with the database of this target. */
  timeProduct(round: number, nodeArgs: string[]): Promise<number>;
}
