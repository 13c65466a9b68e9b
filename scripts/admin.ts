/** `npm run admin -- grant WALLET --role admin|reviewer | revoke WALLET | list`: who may use /api/admin. */
import os from 'node:os';
import { adminRoles } from '@shared/schemas/admin';
import { grantRole, isAdminRole, listRoles, revokeRole, type RoleChange } from '../server/features/admin/index.js';
import { commandActor } from '../server/features/audit/index.js';
import { plural, runCommand, UsageError, withDatabase } from './cli.js';

const usage = `Usage: npm run admin -- grant WALLET --role admin|reviewer
       npm run admin -- revoke WALLET
       npm run admin -- list`;

const help = `${usage}

Operator roles for the /api/admin calls. A role belongs to a wallet; its holder must sign in with a
wallet signature (an address-only session is refused). The first admin can only be granted here.

Commands:
  grant    gives WALLET a role (replacing the one it had)
  revoke   takes WALLET's role away; its next admin call is refused
  list     every wallet with a role, oldest grant first

Roles:
  reviewer  the disputes queue: answer, resolve, reopen
  admin     everything a reviewer does, the audit log, blocking and unblocking members

Options:
  --role ROLE  ${adminRoles.join(' or ')} (with grant)
  -h, --help   show this help

Each grant and revoke is written to the audit log as cli:<system user>.
The database is the one the server uses (DATA_DIR, or DATABASE_URL for PostgreSQL).`;

const options = { role: { type: 'string' } } as const;

function report(result: RoleChange, done: string): number {
  if (!result.ok) {
    console.error(`error: ${result.problem}`);
    return 1;
  }
  console.log(done);
  return 0;
}

function walletArgument(positionals: string[]): string {
  if (positionals.length !== 2) throw new UsageError('give exactly one wallet address');
  return positionals[1]!;
}

await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
  const [command] = positionals;
  if (command !== 'grant' && values.role !== undefined) throw new UsageError('--role goes with grant');
  const by = commandActor(os.userInfo().username);

  switch (command) {
    case 'grant': {
      const wallet = walletArgument(positionals);
      if (values.role === undefined) throw new UsageError('--role is missing');
      const role = values.role;
      if (!isAdminRole(role)) return report({ ok: false, problem: `--role must be ${adminRoles.join(' or ')}, not "${role}"` }, '');
      const result = await withDatabase((db) => grantRole(db, { wallet, role }, by));
      return report(result, result.ok ? `granted ${role} to ${result.walletAddress}` : '');
    }
    case 'revoke': {
      const wallet = walletArgument(positionals);
      const result = await withDatabase((db) => revokeRole(db, wallet, by));
      return report(result, result.ok ? `revoked the role of ${result.walletAddress}` : '');
    }
    case 'list': {
      if (positionals.length !== 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
      const roles = await withDatabase((db) => listRoles(db));
      for (const grant of roles) {
        console.log(`${grant.role.padEnd(8)}  ${grant.walletAddress}  granted ${grant.grantedAt.slice(0, 16).replace('T', ' ')} by ${grant.grantedBy}`);
      }
      console.log(plural(roles.length, 'role'));
      return 0;
    }
    case undefined:
      throw new UsageError('give a command: grant, revoke or list');
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
});
