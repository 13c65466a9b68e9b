/** What `import:allocations` prints for the list guard: the whole list's change, and each refusal. */
import path from 'node:path';
import {
  type ListDifference,
  type ListGuardRefusal,
  needsReplace,
  type WholeListChange,
} from '../server/features/imports/index.js';
import { field, plural } from './cli.js';

/** A source name as the operator types it back in a shell. */
const shellWord = (name: string) => (/^[\w.@:+,/-]+$/.test(name) ? name : JSON.stringify(name));

/** "remove 2 wallets from the list (no record left) and lower the total of 1 wallet" (verbs in the form `forms` gives). */
function describeChange(change: WholeListChange, forms: { remove: string; lower: string }): string {
  const parts: string[] = [];
  if (change.removedWallets) parts.push(`${forms.remove} ${plural(change.removedWallets, 'wallet')} from the list (no record left)`);
  if (change.loweredWallets) parts.push(`${forms.lower} the total of ${plural(change.loweredWallets, 'wallet')}`);
  return parts.join(' and ');
}

/** After a difference: the whole list per wallet (every source), and the root's label when the demo set is left out. */
export function wholeListLines(difference: ListDifference, subject: 'import' | 'removal'): string[] {
  const { removedWallets, loweredWallets } = difference.wholeList;
  const lines = [
    'whole list (every source), per wallet:',
    field('removed', `${plural(removedWallets, 'wallet')} (no record left)`),
    field('lowered', `${plural(loweredWallets, 'wallet')} (total goes down)`),
  ];
  if (difference.newRootAfterDemoRemove) {
    lines.push('note: the new root leaves the demo data set out: it is the root this import publishes after `npm run demo:remove`');
  }
  if (needsReplace(difference.wholeList)) {
    lines.push(`note: this ${subject} needs --replace: it ${describeChange(difference.wholeList, { remove: 'removes', lower: 'lowers' })}`);
  }
  return lines;
}

/** After a written import or removal: what --replace let through, if anything. */
export function writtenChangeLines(change: WholeListChange | undefined): string[] {
  if (!change || !needsReplace(change)) return [];
  return [field('whole list', `${plural(change.removedWallets, 'wallet')} removed, ${plural(change.loweredWallets, 'wallet')} lowered (--replace)`)];
}

/**
 * A refusal of the list guard: the reason on stderr (and, for a change needing --replace, the difference
 * on stdout as the dry run prints it); exit code 1.
 */
export function printGuardRefusal(
  refusal: ListGuardRefusal,
  subject: { file: string } | { removedSource: string },
  printDifference: (difference: ListDifference) => void,
): number {
  const name = 'file' in subject ? path.basename(subject.file) : null;
  switch (refusal.refused) {
    case 'no-rows':
      console.error(
        `error: ${name} has no data rows (only its header): an import never empties a source. ` +
          `To drop the source "${refusal.source}" on purpose: npm run import:allocations -- --remove-source ${shellWord(refusal.source)} --replace`,
      );
      break;
    case 'overlap': {
      const { pairs, examples } = refusal.overlap;
      console.error(
        `error: ${plural(pairs, 'row')} of ${name} ${pairs === 1 ? 'names' : 'name'} a (wallet, category) pair already held under another source; ` +
          `imported as source "${refusal.source}", each of those holders would be counted twice:`,
      );
      for (const example of examples) console.error(`  ${example.wallet}  ${example.category}  (source "${example.source}")`);
      if (pairs > examples.length) console.error(`  ... and ${pairs - examples.length} more`);
      console.error(
        'to correct a list, import it under its own source (--source NAME); to move rows to another source, drop the old one first (--remove-source NAME --replace)',
      );
      break;
    }
    case 'shrinks': {
      printDifference(refusal.difference);
      const removal = 'removedSource' in subject;
      for (const line of wholeListLines({ ...refusal.difference, wholeList: refusal.shrink }, removal ? 'removal' : 'import').slice(0, 3)) console.log(line);
      const what = removal ? `removing source "${refusal.source}"` : 'this import';
      console.error(
        `error: ${what} would ${describeChange(refusal.shrink, { remove: 'remove', lower: 'lower' })}, counted per wallet across every source; ` +
          'run it again with --replace if that is the correction you mean',
      );
      break;
    }
  }
  console.error(`refused ${'file' in subject ? subject.file : `--remove-source ${subject.removedSource}`}; the database was not changed`);
  return 1;
}
