import type { DemoCounts } from './demo-counts.js';

const count = (value: number, noun: string) => `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;

/** "48 users, 3,224 allocation records, 47 points allocations and the staking figure" (tables with rows only). */
export function describeDemoCounts(counts: DemoCounts): string {
  const parts = [
    counts.users ? count(counts.users, 'user') : null,
    counts.allocationRecords ? count(counts.allocationRecords, 'allocation record') : null,
    counts.pointsAllocations ? count(counts.pointsAllocations, 'points allocation') : null,
    counts.settings ? 'the staking figure' : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}

/** Why a real import or allocation is refused while the demo set is loaded, and the two ways on. */
export function demoRefusal(counts: DemoCounts): string {
  return (
    `the database still holds the demo data set (${describeDemoCounts(counts)}), which would be mixed with real data. ` +
    'Remove it first with `npm run demo:remove`, or pass --keep-demo to write beside it.'
  );
}
