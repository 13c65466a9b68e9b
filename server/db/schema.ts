import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id, so a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  allocation_records: AllocationRecordsTable;
  points_allocations: PointsAllocationsTable;
  settings: SettingsTable;
  twitter_accounts: TwitterAccountsTable;
  oauth_states: OauthStatesTable;
  tweet_claims: TweetClaimsTable;
  memes: MemesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type AllocationRecord = Selectable<AllocationRecordsTable>;
export type PointsAllocation = Selectable<PointsAllocationsTable>;
export type TwitterAccount = Selectable<TwitterAccountsTable>;
export type TweetClaim = Selectable<TweetClaimsTable>;
export type MemeRow = Selectable<MemesTable>;
