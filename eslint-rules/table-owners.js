/**
 * Which server feature owns each table: only files under server/features/<owner>/ run SQL on it.
 * Everyone else calls a function the owner exports from its index.ts.
 */
export const tableOwners = {
  users: 'users',
  sessions: 'auth',
  auth_challenges: 'auth',
  allocation_records: 'allocation',
  allocation_snapshots: 'allocation',
  allocation_tree: 'allocation',
  allocation_tree_buckets: 'allocation',
  published_roots: 'allocation',
  points_allocations: 'point-allocations',
  settings: 'settings',
  twitter_accounts: 'x-auth',
  x_account_bindings: 'x-auth',
  oauth_states: 'x-auth',
  tweet_claims: 'claims',
  claim_refusals: 'claims',
  claim_texts: 'claims',
  claim_text_bands: 'claims',
  memes: 'memes',
  allocation_disputes: 'disputes',
  stored_images: 'uploads',
  rate_limit_counters: 'rate-limits',
  admin_roles: 'admin',
  audit_log: 'audit',
  lookup_counts: 'lookups',
  payouts: 'payouts',
  payout_transactions: 'payouts',
};

/**
 * Operations on the whole database, whatever tables it holds: migrations, backups and restores.
 * They name tables by the list the database itself reports, not by owner.
 */
export const wholeDatabaseFiles = [
  'server/platform/db/migrate.ts',
  'server/features/backups/backups.repository.ts',
  'server/features/backups/sqlite-copy-worker.ts',
  'server/features/backups/replace-contents.ts',
  'server/features/backups/restore-postgres.ts',
  'server/features/backups/restore-sqlite.ts',
];
