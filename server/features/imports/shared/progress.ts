/** Called every `progressEvery` rows while reading and writing, so a CLI can show a live count. */
export type ImportProgress = (event: { phase: 'read' | 'write'; rows: number; total?: number }) => void;

const progressEvery = 50_000;

/** Counts the rows read, reporting every `progressEvery` of them, and the last count at the end of a long file. */
export class ReadProgress {
  rows = 0;

  constructor(readonly onProgress?: ImportProgress) {}

  /** `count` more rows read: a report for each multiple of `progressEvery` they pass. */
  add(count: number): void {
    const before = this.rows;
    this.rows += count;
    if (!this.onProgress) return;
    for (let due = (Math.floor(before / progressEvery) + 1) * progressEvery; due <= this.rows; due += progressEvery) {
      this.onProgress({ phase: 'read', rows: due });
    }
  }

  end(): void {
    if (this.rows >= progressEvery && this.rows % progressEvery !== 0) this.onProgress?.({ phase: 'read', rows: this.rows });
  }
}

/** The report of a write: called with the rows written so far after each batch. */
export function writeProgress(total: number, onProgress?: ImportProgress): (inserted: number) => void {
  let reported = 0;
  return (inserted: number) => {
    const due = Math.floor(inserted / progressEvery) > Math.floor(reported / progressEvery);
    if (onProgress && (due || (inserted === total && total >= progressEvery))) {
      onProgress({ phase: 'write', rows: inserted, total });
    }
    reported = inserted;
  };
}
