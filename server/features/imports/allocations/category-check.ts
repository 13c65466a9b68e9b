import { knownAllocationCategories, whaleBonusCategory } from '@shared/allocation-categories';
import { isWhaleBonusCategory, whaleReleaseTargets } from '@shared/whale-bonus';
import { bad, type Checked, maxCategoryLength, ok, quote } from '../shared/fields.js';

const whaleReleaseNames = whaleReleaseTargets.map((target) => `"${whaleBonusCategory(target.release)}"`).join(', ');

/** The categories a file may use: the tokenomics' own, plus those added with --category. */
export function acceptedCategories(extra: readonly string[] = []): ReadonlySet<string> {
  return new Set([...knownAllocationCategories, ...extra]);
}

/** The order categories are listed in: the known ones in the tokenomics' order, then added ones by name. */
export function compareCategories(a: string, b: string): number {
  const rank = (category: string) => {
    const index = knownAllocationCategories.indexOf(category);
    return index === -1 ? knownAllocationCategories.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * Why a name cannot be added with --category, or null. The allocation page reads any name holding
 * 'Whale Bonus' as a bonus release, so only the known '#1'..'#3' may hold it.
 */
export function extraCategoryProblem(name: string): string | null {
  if (name.trim() === '') return 'the category name is empty';
  if (name !== name.trim()) return `"${name}" starts or ends with a space`;
  if (name.length > maxCategoryLength) return `the category name is longer than ${maxCategoryLength} characters`;
  if (isWhaleBonusCategory(name) && !knownAllocationCategories.includes(name)) {
    return `"${name}" would be shown as a whale bonus without a release; the whale bonus categories are ${whaleReleaseNames}`;
  }
  return null;
}

/** Levenshtein distance, to suggest the category a typo meant. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function suggestion(raw: string, accepted: ReadonlySet<string>): string | null {
  const folded = raw.toLowerCase().replace(/\s+/g, ' ');
  let best: { name: string; distance: number } | null = null;
  for (const name of accepted) {
    const d = distance(folded, name.toLowerCase());
    if (d <= 3 && (best === null || d < best.distance)) best = { name, distance: d };
  }
  return best?.name ?? null;
}

export function checkCategory(raw: string, accepted: ReadonlySet<string>): Checked<string> {
  if (raw === '') return bad('category is empty');
  if (accepted.has(raw)) return ok(raw);
  if (isWhaleBonusCategory(raw)) {
    return bad(`category ${quote(raw)} names no whale bonus release: write ${whaleReleaseNames}`);
  }
  const near = suggestion(raw, accepted);
  const hint = near ? ` (did you mean "${near}"?)` : '';
  return bad(`unknown category ${quote(raw)}${hint}; the known categories are in --help, and --category NAME adds one`);
}
