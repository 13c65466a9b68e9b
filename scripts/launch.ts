/** `npm run launch -- <command>`: when the allocation list becomes public, a pause of the lookups, a notice. */
import os from 'node:os';
import type { Kysely } from 'kysely';
import { type AppConfig, loadConfig } from '../server/platform/config.js';
import type { Database } from '../server/platform/db/schema.js';
import {
  launchSettings,
  launchStateTtlMs,
  pause,
  resume,
  revealAt,
  revealAtRefusal,
  revealNow,
  seedReveal,
  setLaunchNotice,
} from '../server/features/launch/index.js';
import { publishRootAtReveal } from '../server/features/allocation/index.js';
import { betweenReads, commandActor, recordChange } from '../server/features/audit/index.js';
import { describeSchedule, parseRevealSchedule, type RevealSchedule } from '../server/platform/reveal-schedule.js';
import { fetchTipHeight } from '../server/integrations/block-explorer.js';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = `Usage: npm run launch -- reveal-at <ISO time | block:N> [--now]
       npm run launch -- reveal-now | status | resume
       npm run launch -- pause --reason "…"
       npm run launch -- notice --en "…" --zh "…" | notice --clear`;

const help = `${usage}

Runs launch day on a live site. The state is stored in the database; every server process follows a
change within ${launchStateTtlMs / 1000} s, without a restart.

Commands:
  reveal-at <when>   hide the allocation list until <when>: an ISO time with its zone
                     (2026-12-01T15:00:00Z) or block:N (once any process sees the chain tip at N).
                     A time already past, or a block the chain tip has reached (asked of
                     BLOCK_HEIGHT_URLS; when none answers the block is taken as given), would make
                     the list public at once: refused (exit 1, nothing changed) unless --now
    --now            the reveal is already due and publishing the list at once is meant: stores it
                     as given. Refused with a time or block still ahead (drop --now to hide the
                     list until then, or run reveal-now)
  reveal-now         make the list public at once (also the way out when no block explorer answers)
  status             print the reveal, pause and notice
  pause --reason R   the lookups answer 503 LOOKUPS_PAUSED with the reason R; pages show it as a banner
  resume             end the pause
  notice --en E --zh Z   a banner in English and Chinese that pauses nothing
  notice --clear     remove the banner

Until the list is public, the lookup, proof, my-allocation, top holders, token stats and disputes
calls answer 403 NOT_YET_REVEALED; the Merkle root stays public. ALLOCATION_REVEAL_AT only seeds the
schedule while none is stored: these commands win afterwards.

Each change is written to the audit log as cli:<system user>, with the state before and after.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const commands = ['reveal-at', 'reveal-now', 'status', 'pause', 'resume', 'notice'] as const;
type Command = (typeof commands)[number];

async function status(db: Kysely<Database>): Promise<string> {
  const state = await launchSettings(db);
  const lines: string[] = [];
  if (state.revealedAt !== null) {
    const schedule = state.revealSchedule && state.revealSchedule.kind !== 'now' ? ` (scheduled ${describeSchedule(state.revealSchedule)})` : '';
    lines.push(`allocation: revealed at ${new Date(state.revealedAt).toISOString()}${schedule}`);
  } else if (state.revealSchedule === null) {
    lines.push('allocation: revealed (no schedule stored)');
  } else if (state.revealSchedule.kind === 'time' && Date.parse(state.revealSchedule.at) <= Date.now()) {
    lines.push(`allocation: revealed (${describeSchedule(state.revealSchedule)})`);
  } else {
    lines.push(`allocation: hidden until ${describeSchedule(state.revealSchedule).replace(/^at /, '')}`);
  }
  lines.push(`pause:      ${state.pause ? `paused since ${new Date(state.pause.since).toISOString()}: ${state.pause.reason}` : 'none'}`);
  lines.push(`notice:     ${state.notice ? `en: ${state.notice.en}\n            zh: ${state.notice.zh}` : 'none'}`);
  return lines.join('\n');
}

function required(value: string | undefined, option: string): string {
  const text = value?.trim();
  if (!text) throw new UsageError(`${option} is missing`);
  return text;
}

const options = {
  reason: { type: 'string' },
  en: { type: 'string' },
  zh: { type: 'string' },
  clear: { type: 'boolean' },
  now: { type: 'boolean' },
} as const;

/** Why reveal-at is refused (the time or block against the clock or the tip, and what to do instead), or null. */
async function revealAtProblem(schedule: RevealSchedule, publishNow: boolean, config: AppConfig): Promise<string | null> {
  // Only a block needs the tip; when no explorer answers it stays unknown and the block is taken as given.
  const tip = schedule.kind === 'block' ? await fetchTipHeight(config.blockHeightUrls, config.upstreamTimeoutMs).catch(() => null) : null;
  const refusal = revealAtRefusal(schedule, { now: Date.now(), tip, publishNow });
  if (!refusal) return null;
  return refusal.reason === 'due'
    ? `reveal-at ${refusal.why}: the allocation list would be public at once. Check the date (or the block); to publish it at once on purpose, add --now (or run reveal-now). Nothing was changed.`
    : `reveal-at --now publishes a reveal already due, but ${refusal.why}: drop --now to hide the list until then, or run reveal-now to publish it at once. Nothing was changed.`;
}

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('a command is missing');
  if (!commands.includes(name as Command)) throw new UsageError(`unknown command "${name}"`);
  const command = name as Command;
  if (rest.length > (command === 'reveal-at' ? 1 : 0)) throw new UsageError(`unexpected argument "${rest.at(-1)}"`);
  if (values.now && command !== 'reveal-at') throw new UsageError('--now applies to reveal-at');

  // Checked before the database is opened: a usage error changes nothing.
  let run: (db: Kysely<Database>) => Promise<unknown>;
  let schedule: RevealSchedule | null = null;
  if (command === 'reveal-at') {
    const parsed = parseRevealSchedule(required(rest[0], values.now ? 'the time or block:N (to publish the list at once, run reveal-now)' : 'the time or block:N'));
    if (!parsed.ok) throw new UsageError(`reveal-at ${parsed.problem}`);
    schedule = parsed.value;
    run = (db) => revealAt(db, parsed.value);
  } else if (command === 'pause') {
    const reason = required(values.reason, '--reason');
    run = (db) => pause(db, reason);
  } else if (command === 'notice') {
    if (values.clear) {
      if (values.en !== undefined || values.zh !== undefined) throw new UsageError('--clear takes no --en or --zh');
      run = (db) => setLaunchNotice(db, null);
    } else {
      const notice = { en: required(values.en, '--en'), zh: required(values.zh, '--zh') };
      run = (db) => setLaunchNotice(db, notice);
    }
  } else if (command === 'reveal-now') run = (db) => revealNow(db, publishRootAtReveal);
  else if (command === 'resume') run = (db) => resume(db);
  else run = async () => {};

  const config = loadConfig();
  // Also before the database is opened: a refused reveal stores nothing.
  const problem = schedule && (await revealAtProblem(schedule, values.now ?? false, config));
  if (problem) throw new Error(problem);
  const { allocationRevealAt } = config;
  const text = await withDatabase(async (db) => {
    // As the server does at start, so the stored state is the one the servers answer from.
    await seedReveal(db, allocationRevealAt);
    if (command === 'status') await run(db);
    else {
      const entry = { action: `launch.${command}`, reason: values.reason ?? null };
      await recordChange(db, commandActor(os.userInfo().username), entry, betweenReads(launchSettings, run));
    }
    return status(db);
  });
  console.log(text);
  if (command !== 'status') console.log(`every server process follows within ${launchStateTtlMs / 1000} s`);
  return 0;
});
