import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Every allocation Merkle root the list was public with ("published"), when, and what replaced it and
 * why: a receipt a holder downloaded names the root of its day, and stays answerable after a correction.
 *
 * Backfilled from the audit log: each past import (`import.allocations`, its root before and after) and
 * the launch commands (`launch.*`, the reveal schedule before and after). A root is published by an import
 * made while the list was public (no schedule stored, a reveal recorded or its time past), or at the
 * reveal for the root the list held then; after the first publication every later root is published at
 * its import, and replaces the one before. Frozen here: no app code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('published_roots')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('root', 'text', (col) => col.notNull())
    .addColumn('leaf_count', 'bigint', (col) => col.notNull())
    .addColumn('published_at', 'bigint', (col) => col.notNull())
    .addColumn('as_of_block', 'bigint')
    .addColumn('replaced_at', 'bigint')
    // Null while current, and when the list was emptied.
    .addColumn('replaced_by_root', 'text')
    .addColumn('replaced_reason', 'text')
    .execute();
  await db.schema.createIndex('published_roots_root_idx').on('published_roots').columns(['root', 'id']).execute();
  await backfill(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('published_roots').execute();
}

type Schedule = { kind: 'now' } | { kind: 'time'; at: string } | { kind: 'block'; height: number } | null;
interface LaunchState {
  revealSchedule: Schedule;
  revealedAt: number | null;
}
interface Entry {
  id: number;
  at: number;
  action: string;
  target: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}
interface Published {
  root: string;
  leaf_count: number;
  published_at: number;
  as_of_block: number | null;
  replaced_at: number | null;
  replaced_by_root: string | null;
  replaced_reason: string | null;
}

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const launchState = (value: unknown): LaunchState => {
  const state = (value ?? {}) as Partial<LaunchState>;
  return { revealSchedule: state.revealSchedule ?? null, revealedAt: typeof state.revealedAt === 'number' ? state.revealedAt : null };
};

function publicAt(state: LaunchState, at: number): boolean {
  const schedule = state.revealSchedule;
  if (schedule === null || schedule.kind === 'now') return true;
  if (state.revealedAt !== null && state.revealedAt <= at) return true;
  return schedule.kind === 'time' && Date.parse(schedule.at) <= at;
}

/** When the list became public within [from, to) under `state`, if it did. */
function revealWithin(state: LaunchState, from: number, to: number): number | null {
  const moments: number[] = [];
  if (state.revealedAt !== null) moments.push(state.revealedAt);
  if (state.revealSchedule?.kind === 'time') moments.push(Date.parse(state.revealSchedule.at));
  const within = moments.filter((moment) => moment >= from && moment < to);
  return within.length ? Math.min(...within) : null;
}

async function backfill(db: Kysely<any>): Promise<void> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'at', 'action', 'target', 'reason', 'before', 'after'])
    .where((eb) => eb.or([eb('action', 'in', ['import.allocations', 'import.remove-source']), eb('action', 'like', 'launch.reveal%')]))
    .orderBy('id')
    .execute();
  const entries: Entry[] = rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at), before: parse(row.before), after: parse(row.after) }));
  const imports = entries.filter((entry) => entry.action.startsWith('import.'));
  if (imports.length === 0) return;

  const settings = await db.selectFrom('settings').select(['key', 'value', 'updated_at']).where('key', 'in', ['launch_reveal_schedule', 'launch_revealed_at']).execute();
  const setting = (key: string) => settings.find((row) => row.key === key);
  const stored = setting('launch_reveal_schedule');
  const current: LaunchState = {
    revealSchedule: (parse(stored?.value ?? null) as Schedule) ?? null,
    revealedAt: (parse(setting('launch_revealed_at')?.value ?? null) as { at?: number } | null)?.at ?? null,
  };

  // The launch state over time: each command's state after it holds until the next command (whose state
  // before carries a reveal the servers recorded meanwhile); before the first command, its state before.
  const commands = entries.filter((entry) => entry.action.startsWith('launch.'));
  const periods: { from: number; to: number; state: LaunchState }[] = [];
  if (commands.length === 0) {
    // Only a schedule seeded by ALLOCATION_REVEAL_AT: it applies from when it was stored.
    const seededAt = stored ? Number(stored.updated_at) : Number.POSITIVE_INFINITY;
    periods.push({ from: Number.NEGATIVE_INFINITY, to: seededAt, state: { revealSchedule: null, revealedAt: null } });
    periods.push({ from: seededAt, to: Number.POSITIVE_INFINITY, state: current });
  } else {
    periods.push({ from: Number.NEGATIVE_INFINITY, to: commands[0]!.at, state: launchState(commands[0]!.before) });
    commands.forEach((command, i) => {
      const next = commands[i + 1];
      const after = launchState(command.after);
      const later = next ? launchState(next.before) : current;
      periods.push({ from: command.at, to: next ? next.at : Number.POSITIVE_INFINITY, state: { ...after, revealedAt: after.revealedAt ?? later.revealedAt } });
    });
  }
  const stateAt = (at: number) => periods.findLast((period) => period.from <= at)!.state;

  // Imports and reveals in time order; a reveal at the same moment as an import comes after it.
  type Event = { at: number; order: number; entry?: Entry };
  const events: Event[] = imports.map((entry) => ({ at: entry.at, order: entry.id, entry }));
  for (const period of periods) {
    const reveal = revealWithin(period.state, period.from, Math.min(period.to, Date.now()));
    if (reveal !== null) events.push({ at: reveal, order: Number.MAX_SAFE_INTEGER });
  }
  events.sort((a, b) => a.at - b.at || a.order - b.order);

  const published: Published[] = [];
  let live: { root: string | null; leafCount: number } = { root: null, leafCount: 0 };
  const publish = (at: number) => {
    if (live.root !== null) {
      published.push({ root: live.root, leaf_count: live.leafCount, published_at: at, as_of_block: null, replaced_at: null, replaced_by_root: null, replaced_reason: null });
    }
  };
  for (const event of events) {
    if (!event.entry) {
      if (published.length === 0) publish(event.at);
      continue;
    }
    const after = (event.entry.after ?? {}) as { root?: string | null; leafCount?: number; file?: string };
    live = { root: after.root ?? null, leafCount: Number(after.leafCount ?? 0) };
    if (published.length === 0) {
      if (publicAt(stateAt(event.at), event.at)) publish(event.at);
      continue;
    }
    const standing = published.at(-1)!;
    if (standing.replaced_at === null && standing.root === live.root) continue;
    if (standing.replaced_at === null) {
      const what = event.entry.action === 'import.remove-source' ? 'removal of source' : 'import of source';
      Object.assign(standing, {
        replaced_at: event.at,
        replaced_by_root: live.root,
        replaced_reason: event.entry.reason ?? `${what} "${event.entry.target ?? '?'}"${after.file ? ` (${after.file})` : ''}, recorded before a reason was asked`,
      });
    }
    publish(event.at);
  }
  if (published.length === 0) return;

  // The standing root's "as of" block is the stored tree's when the tree is of that root.
  const tree = await db.selectFrom('allocation_tree').select(['root', 'as_of_block']).executeTakeFirst();
  const last = published.at(-1)!;
  if (last.replaced_at === null && tree?.root === last.root && tree.as_of_block !== null) last.as_of_block = Number(tree.as_of_block);
  await db.insertInto('published_roots').values(published).execute();
}
