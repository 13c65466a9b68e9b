/**
 * Where a root stands among the roots a site published (`GET /api/allocation/roots`): a receipt's root may
 * be the current one, an earlier one a correction replaced (still answerable, its replacement named), or
 * one the site never published.
 */
import type { PublishedRoot } from './schemas/allocation-roots.js';

export type RootStanding =
  | { kind: 'current'; entry: PublishedRoot }
  | { kind: 'replaced'; entry: PublishedRoot & { replacedAt: string } }
  | { kind: 'unpublished' };

/** `roots` newest first, as the endpoint answers them: a root published twice stands as its latest entry. */
export function rootStanding(root: string, roots: readonly PublishedRoot[]): RootStanding {
  const entry = roots.find((candidate) => candidate.root === root);
  if (!entry) return { kind: 'unpublished' };
  if (entry.replacedAt === null) return { kind: 'current', entry };
  return { kind: 'replaced', entry: { ...entry, replacedAt: entry.replacedAt } };
}

/** "replaced on 2026-12-02 by 9f2c…: reason", as the verifying script of docs/verify-allocation.md prints it. */
export function replacementText(entry: PublishedRoot & { replacedAt: string }): string {
  const reason = entry.replacedReason ? `: ${entry.replacedReason}` : '';
  return `replaced on ${entry.replacedAt.slice(0, 10)} by ${entry.replacedByRoot ?? 'an empty list'}${reason}`;
}
