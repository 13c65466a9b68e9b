/** Counts lookups by outcome (metrics); the lookup route calls it once per answered lookup. */
export interface LookupCounter {
  counted(found: boolean): void;
}

/** When metrics are off: nothing is counted. */
export const uncountedLookups: LookupCounter = { counted: () => {} };
