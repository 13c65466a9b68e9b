/** `npm run launch -- <command>`: when the allocation list becomes public, a pause of the lookups, a notice. */
import os from 'node:os';
import type { Kysely } from 'kysely';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/schema.js';
import {
  launchSettings,
  launchStateTtlMs,
  pause,
  resume,
  revealAt,
  revealNow,
  seedReveal,
  setLaunchNotice,
} from '../server/features/launch/launch.service.js';
import { commandActor, recordChange } from '../server/features/audit/audit.service.js';
import { describeSchedule, parseRevealSchedule } from '../server/features/launch/reveal-schedule.js';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = `Usage: npm run launch -- reveal-at <ISO time | block:N>
       npm run launch -- reveal-now | status | resume
       npm run launch -- pause --reason "…"
       npm run launch -- notice --en "…" --zh "…" | notice --clear`;

const help = `${usage}

Runs launch day on a live site. The state is stored in the database; every server process follows a
change within ${launchStateTtlMs / 1000} s, without a restart.

Commands:
  reveal-at <when>   hide the allocation list until <when>: an ISO time with its zone
                     (2026-12-01T15:00:00Z) or block:N (once any process sees the chain tip at N)
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
} as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  const [name, ...rest] = positionals;
  if (name === undefined) throw new UsageError('a command is missing');
  if (!commands.includes(name as Command)) throw new UsageError(`unknown command "${name}"`);
  const command = name as Command;
  if (rest.length > (command === 'reveal-at' ? 1 : 0)) throw new UsageError(`unexpected argument "${rest.at(-1)}"`);

  // Checked before the database is opened: a usage error changes nothing.
  let run: (db: Kysely<Database>) => Promise<unknown>;
  if (command === 'reveal-at') {
    const parsed = parseRevealSchedule(required(rest[0], 'the time or block:N'));
    if (!parsed.ok) throw new UsageError(`reveal-at ${parsed.problem}`);
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
  } else if (command === 'reveal-now') run = (db) => revealNow(db);
  else if (command === 'resume') run = (db) => resume(db);
  else run = async () => {};

  const { allocationRevealAt } = loadConfig();
  const text = await withDatabase(async (db) => {
    // As the server does at start, so the stored state is the one the servers answer from.
    await seedReveal(db, allocationRevealAt);
    if (command === 'status') await run(db);
    else {
      const entry = { action: `launch.${command}`, reason: values.reason ?? null };
      await recordChange(db, commandActor(os.userInfo().username), entry, launchSettings, run);
    }
    return status(db);
  });
  console.log(text);
  if (command !== 'status') console.log(`every server process follows within ${launchStateTtlMs / 1000} s`);
  return 0;
});
