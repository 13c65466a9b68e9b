import type { Generated, Selectable } from 'kysely';

/** Timestamps are epoch milliseconds (bigint in PostgreSQL, parsed to number; integer in SQLite). */
export interface UsersTable {
  id: Generated<number>;
  wallet_address: string;
  total_points: Generated<number>;
  referral_code: string | null;
  blocked_at: number | null;
  blocked_reason: string | null;
  created_at: number;
  last_login_at: number;
  last_tweet_claim_at: number | null;
  /** Set by the first proven (signed-message) sign-in; from then on address-only login is refused. */
  wallet_protected_at: number | null;
  /** 1 for a user of the demo data set (`npm run demo:remove` deletes them), else 0. */
  is_demo: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id, so a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  /** 1 when the session was opened with a verified wallet signature, 0 for an address-only join. */
  proven: Generated<number>;
  /** The wallet that signed, as the page reported it (display only). */
  wallet_name: string | null;
  /** Last request with this session, recorded at most every few minutes; null until then. */
  last_seen_at: number | null;
  /** Last /api/admin call with this session; admin calls stop 30 minutes after it (or after created_at). */
  admin_seen_at: number | null;
}

/** Sign-in messages issued for a wallet to sign; the nonce is spent once, by setting used_at. */
export interface AuthChallengesTable {
  nonce: string;
  wallet_address: string;
  /** The exact text issued; verify accepts only this text back. */
  message: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AllocationRecordsTable {
  id: Generated<number>;
  /** Normalised: bech32 lower-cased, base58 as given. */
  wallet_address: string;
  category: string;
  tokens_micro: number;
  /** The import this row came from; re-importing the same source replaces its rows. */
  source: string;
}

/** One row per allocation import source: the snapshot its figures describe. */
export interface AllocationSnapshotsTable {
  source: string;
  /** The block height the figures are "as of"; null when the import did not know it. */
  as_of_block: number | null;
  imported_at: number;
}

/**
 * The Merkle tree of allocation_records as of `version` (readTableVersion): one row (id 1). Levels are
 * 32-byte hashes back to back; `upper_levels` holds the bucket roots' level and every level above it.
 */
export interface AllocationTreeTable {
  id: number;
  version: string;
  leaf_count: number;
  /** Hex; null without records. */
  root: string | null;
  as_of_block: number | null;
  /** The first leaf hash of each bucket of 16 sorted leaves. */
  bucket_firsts: Uint8Array;
  upper_levels: Uint8Array;
  built_at: number;
}

/** The sorted leaf hashes 16·bucket … 16·bucket + 15 of the stored tree (fewer in the last bucket). */
export interface AllocationTreeBucketsTable {
  bucket: number;
  leaves: Uint8Array;
}

export interface PointsAllocationsTable {
  id: Generated<number>;
  wallet_address: string;
  final_points: number;
  allocated_micro: number;
  source: string;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updated_at: number;
  /** 1 for a value the demo data set wrote (the staking figure); any later write resets it to 0. */
  is_demo: Generated<number>;
}

export interface TwitterAccountsTable {
  id: Generated<number>;
  user_id: number;
  x_user_id: string;
  handle: string;
  /** 0 or 1 (portable boolean). */
  is_verified: number;
  verification_checked_at: number;
  /** Encrypted with the server's secret (AES-256-GCM). */
  access_token: string | null;
  refresh_token: string | null;
  token_expires_at: number | null;
  created_at: number;
}

/** The wallet (user) an X account was first linked to; never deleted, never changed. */
export interface XAccountBindingsTable {
  x_user_id: string;
  user_id: number;
  created_at: number;
}

export interface OauthStatesTable {
  state: string;
  session_hash: string;
  user_id: number;
  code_verifier: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface TweetClaimsTable {
  id: Generated<number>;
  user_id: number;
  tweet_id: string;
  tweet_url: string;
  tweet_text: string;
  is_custom: number;
  points: number;
  created_at: number;
  meme_id: number | null;
  /** When an operator revoked the claim (its points taken back); null while it stands. */
  revoked_at: number | null;
  revoked_reason: string | null;
}

/** A refused claim attempt: the code the member was answered with, and the earlier claim a (near) copy matched. */
export interface ClaimRefusalsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'tweet' | 'meme';
  tweet_id: string;
  tweet_url: string;
  code: string;
  /** Trigram Jaccard similarity to the matched claim's text (1 for an exact copy). */
  similarity: number | null;
  matched_claim_id: number | null;
  created_at: number;
}

/** The duplicate-post index of one claim: the normalized text it was judged by (absent when too short). */
export interface ClaimTextsTable {
  claim_id: number;
  user_id: number;
  /** SHA-256 of normalized_text: exact copies. */
  text_hash: string;
  normalized_text: string;
}

/** MinHash LSH band keys of a claim's text: claims sharing a key are near-duplicate candidates. */
export interface ClaimTextBandsTable {
  band_key: string;
  claim_id: number;
}

export interface MemesTable {
  id: Generated<number>;
  user_id: number;
  tracking_code: string;
  session_token: string;
  theme: string;
  prompt: string | null;
  meme_text: string;
  template_id: number;
  /** File name under DATA_DIR/uploads, or null when the template artwork is the background. */
  uploaded_image: string | null;
  image_file: string;
  is_posted: Generated<number>;
  points_earned: Generated<number>;
  created_at: number;
  posted_at: number | null;
}

/** A holder's report that their allocation looks wrong; one 'open' row per user at most. */
export interface AllocationDisputesTable {
  id: Generated<number>;
  user_id: number;
  /** The reporter's wallet when they reported. */
  wallet_address: string;
  category: string | null;
  /** The amount the holder expected, in micro-tokens. */
  expected_micro: number | null;
  message: string;
  reference: string | null;
  /** 'open' | 'answered' | 'resolved' */
  status: Generated<string>;
  answer: string | null;
  created_at: number;
  answered_at: number | null;
  resolved_at: number | null;
}

/** An uploaded or rendered image kept in the database (PostgreSQL), named like a file of DATA_DIR/uploads. */
export interface StoredImagesTable {
  name: string;
  data: Buffer;
  bytes: number;
  /** Last written (a re-save of the same content refreshes it). */
  modified_at: number;
}

/** One rate-limit key's count in its current window. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  expires_at: number;
}

/** A wallet's operator role; the first admin is granted from the command line. */
export interface AdminRolesTable {
  wallet_address: string;
  /** 'admin' or 'reviewer' (shared/schemas/admin.ts). */
  role: string;
  granted_at: number;
  /** The actor who granted it, as in audit_log.actor. */
  granted_by: string;
}

/** One operator change. Append-only: nothing in the app updates or deletes a row. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** The wallet of a console user, or `cli:<system user>` for an operator command. */
  actor: string;
  /** The console user's role; null for a command. */
  actor_role: string | null;
  action: string;
  target: string | null;
  reason: string | null;
  /** JSON text of the state before and after the change. */
  before: string | null;
  after: string | null;
}

/** Allocation lookups in one minute, summed over every server process. */
export interface LookupCountsTable {
  /** Minutes since the epoch (UTC). */
  minute: number;
  count: number;
}

/**
 * Every allocation Merkle root the list was public with, owned by the allocation feature: a root once
 * published stays listed, marked replaced (when, by which root, why) after a correction.
 */
export interface PublishedRootsTable {
  id: Generated<number>;
  root: string;
  leaf_count: number;
  published_at: number;
  as_of_block: number | null;
  replaced_at: number | null;
  /** Null while the root is current, and when the list was emptied. */
  replaced_by_root: string | null;
  replaced_reason: string | null;
}

/**
 * What the operator sent, owned by the payouts feature: the transaction (and output, when known) that
 * carried a wallet's tokens of one category; one per (wallet, category).
 */
export interface PayoutsTable {
  id: Generated<number>;
  /** Normalised as the allocation list's: bech32 lower-cased, base58 as given. */
  wallet_address: string;
  category: string;
  /** 64 lower-case hex characters; a row of payout_transactions. */
  txid: string;
  vout: number | null;
  /** null until the checker reads the transaction's outputs; then 'paid' or 'wrong_address'. */
  output_state: string | null;
  /** The import that recorded this transaction for the pair (the file's name unless --source). */
  source: string;
  imported_at: number;
}

/** Each transaction a payout names, and what the block explorers last said of it. */
export interface PayoutTransactionsTable {
  txid: string;
  /** 'unchecked' | 'unconfirmed' | 'confirmed' | 'dropped' | 'not_found' */
  state: Generated<string>;
  /** While 'confirmed': the block that holds it. */
  block_height: number | null;
  /** When an explorer first reported it; null while none has. */
  first_seen_at: number | null;
  /** The last time an explorer was asked; null while 'unchecked'. */
  checked_at: number | null;
  /** 1 once the checker need not ask again. */
  final: Generated<number>;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  auth_challenges: AuthChallengesTable;
  allocation_records: AllocationRecordsTable;
  allocation_snapshots: AllocationSnapshotsTable;
  allocation_tree: AllocationTreeTable;
  allocation_tree_buckets: AllocationTreeBucketsTable;
  points_allocations: PointsAllocationsTable;
  settings: SettingsTable;
  twitter_accounts: TwitterAccountsTable;
  x_account_bindings: XAccountBindingsTable;
  oauth_states: OauthStatesTable;
  tweet_claims: TweetClaimsTable;
  claim_refusals: ClaimRefusalsTable;
  claim_texts: ClaimTextsTable;
  claim_text_bands: ClaimTextBandsTable;
  memes: MemesTable;
  allocation_disputes: AllocationDisputesTable;
  stored_images: StoredImagesTable;
  rate_limit_counters: RateLimitCountersTable;
  admin_roles: AdminRolesTable;
  audit_log: AuditLogTable;
  lookup_counts: LookupCountsTable;
  published_roots: PublishedRootsTable;
  payouts: PayoutsTable;
  payout_transactions: PayoutTransactionsTable;
}

export type User = Selectable<UsersTable>;
export type AuthChallenge = Selectable<AuthChallengesTable>;
export type PointsAllocation = Selectable<PointsAllocationsTable>;
export type TwitterAccount = Selectable<TwitterAccountsTable>;
export type MemeRow = Selectable<MemesTable>;
export type AllocationDispute = Selectable<AllocationDisputesTable>;
