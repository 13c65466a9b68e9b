/** `npm run block-user -- WALLET [--unblock] [--reason TEXT]`: suspends or restores an account. */
import os from 'node:os';
import { commandActor } from '../server/features/audit/index.js';
import { setWalletBlocked } from '../server/features/admin/index.js';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = 'Usage: npm run block-user -- WALLET [--unblock] [--reason TEXT]';

const help = `${usage}

Blocks the user of WALLET: their sessions end at once, logins are refused with ACCOUNT_BLOCKED
(the page shows 'ACCOUNT SUSPENDED'), and calls made for them answer 403. An operator role the
wallet holds (admin or reviewer) is revoked with the block; unblocking does not give it back.
bc1... addresses match in any case; 1... and 3... addresses must match exactly.

Options:
  --unblock      lift the block instead
  --reason TEXT  why, kept with the block for moderators (never shown to the user) and in the audit log
  -h, --help     show this help

Each block and unblock (and a role revoked with a block, as admin.revoke) is written to the audit
log as cli:<system user>.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const options = {
  unblock: { type: 'boolean' },
  reason: { type: 'string' },
} as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new UsageError('give exactly one wallet address');

  const result = await withDatabase((db) =>
    setWalletBlocked(db, {
      wallet: positionals[0]!,
      blocked: !values.unblock,
      reason: values.reason ?? null,
      by: commandActor(os.userInfo().username),
    }),
  );
  if (!result.ok) {
    console.error(`error: ${result.problem}`);
    return 1;
  }
  const revoked = result.revokedRole ? ` and its ${result.revokedRole} role revoked` : '';
  console.log(result.blocked ? `blocked ${result.walletAddress}; its sessions were ended${revoked}` : `unblocked ${result.walletAddress}`);
  return 0;
});
