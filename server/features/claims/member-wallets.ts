import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { walletsOfUsers } from '../users/index.js';
import { findClaim } from './claims.repository.js';

interface MemberRow {
  user_id: number;
}

export type WithWallet<Row> = Row & { wallet_address: string };

/**
 * The rows of both lists with their member's wallet, read in one query for all of them. A row whose
 * member is gone is left out.
 */
export async function withMemberWallets<A extends MemberRow, B extends MemberRow>(
  db: Kysely<Database>,
  first: A[],
  second: B[],
): Promise<[WithWallet<A>[], WithWallet<B>[]]> {
  const wallets = await walletsOfUsers(db, [...first, ...second].map((row) => Number(row.user_id)));
  const withWallet = <Row extends MemberRow>(row: Row): WithWallet<Row>[] => {
    const wallet = wallets.get(Number(row.user_id));
    return wallet === undefined ? [] : [{ ...row, wallet_address: wallet }];
  };
  return [first.flatMap(withWallet), second.flatMap(withWallet)];
}

/** One claim with its member's wallet, for an operator's change; undefined when there is none. */
export async function findClaimForChange(db: Kysely<Database>, claimId: number) {
  const claim = await findClaim(db, claimId);
  if (!claim) return undefined;
  const [[found]] = await withMemberWallets(db, [claim], []);
  return found;
}
