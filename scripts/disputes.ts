/** `npm run disputes -- list|show|answer|resolve|reopen|export`: the operator's side of allocation disputes. */
import os from 'node:os';
import { disputeStatuses, type DisputeStatus } from '@shared/dispute-rules';
import type { Dispute } from '@shared/schemas/disputes';
import { disputesCsv } from '../server/features/disputes/index.js';
import {
  answerDispute,
  listDisputesForOperator,
  reopenDispute,
  resolveDispute,
  showDispute,
  type OperatorResult,
} from '../server/features/disputes/index.js';
import { commandActor } from '../server/features/audit/index.js';
import { field, plural, runCommand, UsageError, withDatabase } from './cli.js';

const usage = `Usage: npm run disputes -- list [--status S]
       npm run disputes -- show ID
       npm run disputes -- answer ID --message TEXT [--reason TEXT]
       npm run disputes -- resolve ID [--reason TEXT]
       npm run disputes -- reopen ID [--reason TEXT]
       npm run disputes -- export [--status S] > disputes.csv`;

const help = `${usage}

Holders report an allocation that looks wrong from the allocation page ('Something wrong?').
Each wallet may have one open report at a time.

Commands:
  list      one line per dispute, oldest first
  show      everything about one dispute, the holder's message in full
  answer    stores your answer (the holder sees it on the allocation page) and marks it answered
  resolve   marks the dispute resolved; the holder may then open a new one
  reopen    puts a resolved dispute back in the queue (answered if it has an answer, else open)
  export    all disputes as CSV on standard output

Options:
  --status S      only disputes with this status: ${disputeStatuses.join(', ')}
  --message TEXT  the answer the holder will read (plain text)
  --reason TEXT   why, kept in the audit log with the change (answer, resolve, reopen)
  -h, --help      show this help

Answer, resolve and reopen are written to the audit log as cli:<system user>.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

function parseStatus(value: string | undefined): DisputeStatus | null {
  if (value === undefined) return null;
  if (!(disputeStatuses as readonly string[]).includes(value)) {
    throw new UsageError(`--status must be one of ${disputeStatuses.join(', ')}`);
  }
  return value as DisputeStatus;
}

function parseId(positionals: string[]): number {
  if (positionals.length !== 2) throw new UsageError('give exactly one dispute ID');
  const text = positionals[1]!.replace(/^#/, '');
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`"${positionals[1]}" is not a dispute ID`);
  return Number(text);
}

const oneLine = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function summaryLine(dispute: Dispute): string {
  const category = dispute.category ? `[${oneLine(dispute.category, 30)}] ` : '';
  return `#${dispute.id}  ${dispute.status.padEnd(8)}  ${dispute.createdAt.slice(0, 16).replace('T', ' ')}  ${dispute.walletAddress}  ${category}${oneLine(dispute.message)}`;
}

function details(dispute: Dispute): string {
  const lines = [
    `dispute #${dispute.id}`,
    field('status', dispute.status),
    field('wallet', dispute.walletAddress),
    field('created', dispute.createdAt),
    field('category', dispute.category ?? '-'),
    field('expected amount', dispute.expectedAmount === null ? '-' : `${dispute.expectedAmount} tokens`),
    field('reference', dispute.reference ?? '-'),
    '',
    'message:',
    dispute.message,
  ];
  if (dispute.answer !== null) lines.push('', `answer (${dispute.answeredAt}):`, dispute.answer);
  if (dispute.resolvedAt !== null) lines.push('', `resolved ${dispute.resolvedAt}`);
  return lines.join('\n');
}

function report(result: OperatorResult, done: (dispute: Dispute) => string): number {
  if (!result.ok) {
    console.error(`error: ${result.problem}`);
    return 1;
  }
  console.log(done(result.dispute));
  return 0;
}

const options = { status: { type: 'string' }, message: { type: 'string' }, reason: { type: 'string' } } as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  const [command] = positionals;
  if (command !== 'answer' && values.message !== undefined) throw new UsageError('--message goes with answer');
  if (command !== 'list' && command !== 'export' && values.status !== undefined) {
    throw new UsageError('--status goes with list or export');
  }
  if (command !== 'answer' && command !== 'resolve' && command !== 'reopen' && values.reason !== undefined) {
    throw new UsageError('--reason goes with answer, resolve or reopen');
  }
  const change = { by: commandActor(os.userInfo().username), reason: values.reason ?? null };

  switch (command) {
    case 'list':
    case 'export': {
      if (positionals.length !== 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const status = parseStatus(values.status);
      const disputes = await withDatabase((db) => listDisputesForOperator(db, status));
      if (command === 'export') {
        process.stdout.write(disputesCsv(disputes));
        return 0;
      }
      for (const dispute of disputes) console.log(summaryLine(dispute));
      console.log(`${plural(disputes.length, 'dispute')}${status ? ` ${status}` : ''}`);
      return 0;
    }
    case 'show': {
      const id = parseId(positionals);
      return report(await withDatabase((db) => showDispute(db, id)), details);
    }
    case 'answer': {
      const id = parseId(positionals);
      if (values.message === undefined) throw new UsageError('--message is missing');
      const message = values.message;
      return report(await withDatabase((db) => answerDispute(db, id, message, change)), (d) => `answered dispute #${d.id}`);
    }
    case 'resolve': {
      const id = parseId(positionals);
      return report(await withDatabase((db) => resolveDispute(db, id, change)), (d) => `resolved dispute #${d.id}`);
    }
    case 'reopen': {
      const id = parseId(positionals);
      return report(await withDatabase((db) => reopenDispute(db, id, change)), (d) => `reopened dispute #${d.id} (${d.status})`);
    }
    case undefined:
      throw new UsageError('give a command: list, show, answer, resolve, reopen or export');
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
});
