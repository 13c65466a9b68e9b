import type { Kysely } from 'kysely';
import type { AfterRevealCheck, PublishedRoot } from '@shared/schemas/allocation-roots';
import type { Database } from '../../platform/db/schema.js';
import { demoSource } from '../../platform/demo-source.js';
import type { RevealSchedule } from '../../platform/reveal-schedule.js';
import { getLaunchSettings, type LaunchSettings } from '../settings/index.js';
import { liveTableRoot } from './allocation-snapshot.service.js';
import { findLatestAsOfBlock } from './allocation-snapshots.repository.js';
import {
  findNewestPublishedRoot,
  hasRecordsOutside,
  insertPublishedRoot,
  listPublishedRootRows,
  lockPublishedRoots,
  markPublishedRootReplaced,
  type PublishedRootRow,
  replacePublishedRootRows,
} from './published-roots.repository.js';

export type { PublishedRootRow };

/**
 * A root is *published* when the allocation list is public with it: at the reveal, or at the import when
 * the list already is public (no schedule stored means public at once). After the first publication the
 * list stays published whatever the schedule says later (a reveal-at ahead hides the lookups, it does not
 * take back what holders downloaded): every change of the root (an import, `--remove-source`,
 * `demo:remove`, a restore) is refused unless the operator says it is a correction after the reveal, with
 * a reason; the new root is then published at once and the old one stays listed, marked replaced.
 */

/** `--after-reveal --reason "…"`: a change of a published root, on purpose. */
export interface AfterReveal {
  reason: string;
}

/** What a write did to the published root. */
export type RootPublication =
  /** A published root, and the write left it as it was. */
  | { kind: 'unchanged'; root: string | null }
  /** The first publication: the list was public (`noSchedule`: because no reveal schedule is stored). */
  | { kind: 'published'; root: string; noSchedule: boolean }
  /** A correction after the reveal: `root` (null: no records left) replaces the published one. */
  | { kind: 'corrected'; root: string | null; replaced: { root: string; publishedAt: number } | null; reason: string }
  /** The list is not public yet: the root is published at the reveal. */
  | { kind: 'hidden'; schedule: RevealSchedule | null }
  /** The list is public but holds no record: nothing to publish. */
  | { kind: 'empty' };

/** Whether the list is public by the stored launch state (a block reveal counts once a server recorded it). */
export function listIsPublic(settings: Pick<LaunchSettings, 'revealSchedule' | 'revealedAt'>, now: number): boolean {
  const schedule = settings.revealSchedule;
  if (schedule === null || schedule.kind === 'now' || settings.revealedAt !== null) return true;
  return schedule.kind === 'time' && Date.parse(schedule.at) <= now;
}

/** A change of a published root without `--after-reveal --reason`: rolled back, nothing changed. */
export class RootChangeRefused extends Error {
  constructor(
    readonly published: { root: string; publishedAt: number; standing: boolean },
    readonly newRoot: string | null,
    what: string,
  ) {
    const since = new Date(published.publishedAt).toISOString();
    const was = published.standing ? `is public with the root ${published.root} (published ${since})` : `was published (last with the root ${published.root}, since emptied)`;
    super(
      `the allocation list ${was};\n${what} would change the root to ${newRoot ?? 'none (no records)'}.\n` +
        'Holders verify their receipts against the published root: to publish a correction on purpose, run it again with ' +
        '--after-reveal --reason "why" (the old root stays listed at GET /api/allocation/roots, marked replaced by the new one). Nothing was changed.',
    );
  }
}

const inTransaction = <T>(db: Kysely<Database>, run: (trx: Kysely<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? run(db) : db.transaction().execute(run);

/**
 * Settles a change of the whole list's root in the caller's transaction, after the change: refuses
 * (throws RootChangeRefused, which rolls it back) a change of a published root without `afterReveal`,
 * records a correction, or publishes the first root when the list is public. `what` names the change
 * in the refusal ("this import").
 */
export async function settleRootChange(
  trx: Kysely<Database>,
  change: { root: string | null; leafCount: number; afterReveal?: AfterReveal | undefined; what: string },
  now = Date.now(),
): Promise<RootPublication> {
  await lockPublishedRoots(trx);
  const newest = await findNewestPublishedRoot(trx);
  const standing = newest && newest.replaced_at === null ? newest : null;
  if (newest) {
    if ((standing?.root ?? null) === change.root) return { kind: 'unchanged', root: change.root };
    if (!change.afterReveal) {
      throw new RootChangeRefused({ root: newest.root, publishedAt: Number(newest.published_at), standing: standing !== null }, change.root, change.what);
    }
    const reason = change.afterReveal.reason;
    if (standing) await markPublishedRootReplaced(trx, standing.id, { at: now, byRoot: change.root, reason });
    if (change.root !== null) await publish(trx, change.root, change.leafCount, now);
    const replaced = standing ? { root: standing.root, publishedAt: Number(standing.published_at) } : null;
    return { kind: 'corrected', root: change.root, replaced, reason };
  }
  const settings = await getLaunchSettings(trx);
  if (!listIsPublic(settings, now)) return { kind: 'hidden', schedule: settings.revealSchedule };
  if (change.root === null || !(await hasRecordsOutside(trx, demoSource))) return { kind: 'empty' };
  await publish(trx, change.root, change.leafCount, now);
  return { kind: 'published', root: change.root, noSchedule: settings.revealSchedule === null };
}

async function publish(trx: Kysely<Database>, root: string, leafCount: number, at: number): Promise<void> {
  await insertPublishedRoot(trx, { root, leafCount, publishedAt: at, asOfBlock: await findLatestAsOfBlock(trx) });
}

/**
 * settleRootChange for a change that did not build the tree itself (`demo:remove`): the root is read from
 * the records as the transaction left them.
 */
export async function settleTableRootChange(
  trx: Kysely<Database>,
  change: { afterReveal?: AfterReveal | undefined; what: string },
  now = Date.now(),
): Promise<RootPublication> {
  const { root, leafCount } = await liveTableRoot(trx);
  return settleRootChange(trx, { root, leafCount, ...change }, now);
}

/**
 * The reveal: the list's root as it stands is published at `at`, unless a root was published before
 * (every later change published its own) or the list holds only the demo set's made-up wallets.
 * Returns the root published, else null. Safe to call from every process that sees the reveal.
 */
export async function publishRootAtReveal(db: Kysely<Database>, at: number): Promise<string | null> {
  if (await findNewestPublishedRoot(db)) return null;
  // Read before the transaction: it may build the tree from every record, and a write must not wait on
  // that. A change meanwhile publishes its own root first, and this one then finds it.
  const { root, leafCount } = await liveTableRoot(db);
  if (root === null || !(await hasRecordsOutside(db, demoSource))) return null;
  return inTransaction(db, async (trx) => {
    await lockPublishedRoots(trx);
    if (await findNewestPublishedRoot(trx)) return null;
    await publish(trx, root, leafCount, at);
    return root;
  });
}

/** When the list became public under a schedule already passed (the moment recorded, else the time set). */
function revealMoment(settings: LaunchSettings, now: number): number {
  if (settings.revealedAt !== null) return settings.revealedAt;
  return settings.revealSchedule?.kind === 'time' ? Date.parse(settings.revealSchedule.at) : now;
}

/**
 * Before a change of the list: a scheduled reveal that passed while no server recorded it still
 * published the root the list held then. (With no schedule stored, each import published its own root.)
 */
export async function publishPastReveal(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const settings = await getLaunchSettings(db);
  if (settings.revealSchedule === null || !listIsPublic(settings, now)) return;
  await publishRootAtReveal(db, revealMoment(settings, now));
}

/** What a change to `newRoot` (from `oldRoot`) would mean, for a dry run and the console's preview; changes nothing. */
export interface RootChangePreview {
  /** The change needs `--after-reveal --reason`. */
  needed: boolean;
  /** The root published now (null when none is, or the list was emptied since). */
  published: { root: string; publishedAt: number } | null;
  /** Run (with the flags it needs), the change publishes `newRoot` at once. */
  publishesAtOnce: boolean;
  /** No reveal schedule is stored: the list is public as soon as it has a root. */
  noSchedule: boolean;
  /** The schedule while the list is not public yet, else null. */
  hiddenUntil: RevealSchedule | null;
}

export async function previewRootChange(db: Kysely<Database>, roots: { oldRoot: string | null; newRoot: string | null }, now = Date.now()): Promise<RootChangePreview> {
  const settings = await getLaunchSettings(db);
  const isPublic = listIsPublic(settings, now);
  const base = { noSchedule: settings.revealSchedule === null, hiddenUntil: isPublic ? null : settings.revealSchedule };
  let newest: { root: string; publishedAt: number; standing: boolean } | null = null;
  const row = await findNewestPublishedRoot(db);
  if (row) newest = { root: row.root, publishedAt: Number(row.published_at), standing: row.replaced_at === null };
  else if (settings.revealSchedule !== null && isPublic && roots.oldRoot !== null && (await hasRecordsOutside(db, demoSource))) {
    // The change would first record the reveal no server recorded (publishPastReveal).
    newest = { root: roots.oldRoot, publishedAt: revealMoment(settings, now), standing: true };
  }
  if (!newest) return { ...base, needed: false, published: null, publishesAtOnce: isPublic && roots.newRoot !== null };
  const published = newest.standing ? { root: newest.root, publishedAt: newest.publishedAt } : null;
  const needed = (published?.root ?? null) !== roots.newRoot;
  return { ...base, needed, published, publishesAtOnce: needed && roots.newRoot !== null };
}

/** A preview as the console's import preview answers it. */
export function afterRevealCheck(preview: RootChangePreview): AfterRevealCheck {
  return {
    needed: preview.needed,
    publishedRoot: preview.published?.root ?? null,
    publishedAt: preview.published ? new Date(preview.published.publishedAt).toISOString() : null,
    publishesAtOnce: preview.publishesAtOnce,
  };
}

/** Every published root, newest first, as GET /api/allocation/roots answers them. */
export async function listPublishedRoots(db: Kysely<Database>): Promise<PublishedRoot[]> {
  const rows = await listPublishedRootRows(db);
  const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
  return rows.map((row) => ({
    root: row.root,
    leafCount: Number(row.leaf_count),
    publishedAt: iso(row.published_at)!,
    asOfBlock: row.as_of_block === null ? null : Number(row.as_of_block),
    replacedAt: iso(row.replaced_at),
    replacedByRoot: row.replaced_by_root,
    replacedReason: row.replaced_reason,
  }));
}

/** The rows as stored, for a restore to carry them over into the restored database. */
export const readPublishedRootRows = (db: Kysely<Database>) => listPublishedRootRows(db);

/**
 * A restore over a database that had published roots: those rows (its history, newer than the backup's)
 * are kept, and the restored root settles against them as any change does (`afterReveal` was checked
 * before anything was replaced).
 */
export async function carryPublishedRoots(
  db: Kysely<Database>,
  rows: readonly PublishedRootRow[],
  restored: { root: string | null; leafCount: number; afterReveal?: AfterReveal | undefined },
  now = Date.now(),
): Promise<RootPublication> {
  return inTransaction(db, async (trx) => {
    await lockPublishedRoots(trx);
    await replacePublishedRootRows(trx, [...rows].sort((a, b) => Number(a.id) - Number(b.id)));
    return settleRootChange(trx, { ...restored, what: 'this restore' }, now);
  });
}
