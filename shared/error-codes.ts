/**
 * Every `error` code the server can send. The server's AppError only accepts these, the response
 * schemas name them, and the client must have an English and a Chinese message for each.
 */
export const errorCodes = [
  // Generic, mapped from HTTP status or framework errors
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  'DATABASE_BUSY',
  'SHUTTING_DOWN',
  'SERVER_BUSY',
  'BAD_ORIGIN',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  // Accounts
  'INVALID_WALLET',
  'EMPTY_WALLET',
  'ACCOUNT_BLOCKED',
  // Wallet proof (signed-message sign-in)
  'WALLET_PROTECTED',
  'WALLET_PROOF_REQUIRED',
  'CHALLENGE_WRONG_ORIGIN',
  'CHALLENGE_MISMATCH',
  'CHALLENGE_USED',
  'CHALLENGE_EXPIRED',
  'SIGNATURE_INVALID',
  'SIGNATURE_MALFORMED',
  // Operator console (/api/admin)
  'ADMIN_SIGNATURE_REQUIRED',
  'ADMIN_SESSION_IDLE',
  'ADMIN_ROLE_REQUIRED',
  'IMPORT_FILE_REJECTED',
  'REVEAL_TIME_PASSED',
  // Allocation and chain data
  'ALLOCATION_NOT_FOUND',
  'NOT_YET_REVEALED',
  'LOOKUPS_PAUSED',
  'NO_WALLETS',
  'TOO_MANY_WALLETS',
  'INVALID_WALLET_ENTRY',
  'UNKNOWN_COLLECTION',
  'UPSTREAM_UNAVAILABLE',
  'STAKING_STATS_UNAVAILABLE',
  // X
  'X_NOT_CONFIGURED',
  'X_NOT_CONNECTED',
  'X_RECONNECT_REQUIRED',
  'X_ACCOUNT_IN_USE',
  'X_ACCOUNT_TOO_NEW',
  'X_TOO_FEW_FOLLOWERS',
  'X_UNAVAILABLE',
  'INVALID_OAUTH_STATE',
  // Claims
  'MINING_CLOSED',
  'TWEET_COOLDOWN_ACTIVE',
  'TWEET_RULES',
  'INVALID_TWEET_URL',
  'BAD_POSTING_TIME',
  'TWEET_NOT_FOUND',
  'TWEET_NOT_YOURS',
  'TWEET_TOO_OLD',
  'TWEET_ALREADY_CLAIMED',
  'DUPLICATE_CONTENT',
  'MEME_LINK_MISSING',
  'MEME_HASHTAGS_MISSING',
  // Generation
  'PROMPT_REQUIRED',
  'GENERATION_FAILED',
  // Memes and uploads
  'MEME_NOT_FOUND',
  'INVALID_MEME_ID',
  'MEME_ALREADY_POSTED',
  'TEMPLATE_NOT_FOUND',
  'INVALID_UPLOAD',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  'FILE_TOO_LARGE',
  'NOT_MULTIPART',
  'NO_FILE',
  'UNEXPECTED_FILE',
  'INVALID_MULTIPART',
  'INVALID_MULTIPART_TEXT',
  'STORAGE_FULL',
  // Sessions
  'SESSION_NOT_FOUND',
  'CURRENT_SESSION',
  // Allocation disputes
  'DISPUTE_ALREADY_OPEN',
  'DISPUTE_MESSAGE_REQUIRED',
  'DISPUTE_MESSAGE_TOO_LONG',
  'DISPUTE_CATEGORY_TOO_LONG',
  'DISPUTE_CATEGORY_UNKNOWN',
  'DISPUTE_REFERENCE_TOO_LONG',
  'INVALID_EXPECTED_AMOUNT',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<string> = new Set(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
