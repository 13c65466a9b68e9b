/** `npm run block-user -- WALLET [--unblock] [--reason TEXT]`: suspends or restores an account. */
import { setWalletBlocked } from '../server/features/moderation/moderation.service.js';
import { runCommand, UsageError, withDatabase } from './cli.js';

const usage = 'Usage: npm run block-user -- WALLET [--unblock] [--reason TEXT]';

const help = `${usage}

Blocks the user of WALLET: their sessions end at once, logins are refused with ACCOUNT_BLOCKED
(the page shows 'ACCOUNT SUSPENDED'), and calls made for them answer 403.
bc1... addresses match in any case; 1... and 3... addresses must match exactly.

Options:
  --unblock      lift the block instead
  --reason TEXT  why, kept with the block for moderators (never shown to the user)
  -h, --help     show this help

The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const options = {
  unblock: { type: 'boolean' },
  reason: { type: 'string' },
} as const;

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  if (positionals.length !== 1) throw new UsageError('give exactly one wallet address');
  if (values.unblock && values.reason !== undefined) throw new UsageError('--reason goes with a block, not --unblock');

  const result = await withDatabase((db) =>
    setWalletBlocked(db, { wallet: positionals[0]!, blocked: !values.unblock, reason: values.reason ?? null }),
  );
  if (!result.ok) {
    console.error(`error: ${result.problem}`);
    return 1;
  }
  console.log(result.blocked ? `blocked ${result.walletAddress}; its sessions were ended` : `unblocked ${result.walletAddress}`);
  return 0;
});
