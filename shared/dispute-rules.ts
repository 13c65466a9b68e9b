/**
 * What a holder may send when their allocation looks wrong. The page checks as the holder types and
 * the server checks again; both give the same error code for the same input.
 */
import type { ErrorCode } from './error-codes.js';
import { totalSupply } from './tokenomics.js';
import { microPerToken, toMicro } from './token-amount.js';

export const disputeLimits = { category: 100, message: 1_000, reference: 200 } as const;

/** The category of a report about none of the wallet's own categories (a missing one, say). */
export const otherDisputeCategory = 'other';

export const disputeStatuses = ['open', 'answered', 'resolved'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Whole tokens with up to six decimals (micro-tokens), no sign or exponent. */
const amountPattern = /^\d{1,10}(\.\d{1,6})?$/;

// Control characters (except tab and newline) are dropped: PostgreSQL refuses NUL in text, and the
// operator's terminal must not receive escape sequences from a holder's message.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Trimmed text with Windows line ends made plain and control characters removed; '' for none. */
export function cleanDisputeText(value: string | null | undefined): string {
  return (value ?? '').replace(/\r\n?/g, '\n').replace(controlCharacters, '').trim();
}

/** Characters as a reader counts them (code points, as JSON Schema's maxLength does). */
export const characterCount = (text: string) => [...text].length;

export interface DisputeInput {
  category?: string | null;
  expectedAmount?: string | null;
  message: string;
  reference?: string | null;
}

export interface CleanDispute {
  category: string | null;
  expectedMicro: bigint | null;
  message: string;
  reference: string | null;
}

export type DisputeCheck = { ok: true; value: CleanDispute } | { ok: false; code: ErrorCode; field: keyof DisputeInput };

/** An expected amount in tokens, or null when it is not a positive amount up to the total supply. */
export function parseExpectedAmount(text: string): bigint | null {
  if (!amountPattern.test(text)) return null;
  const micro = toMicro(text);
  return micro > 0n && micro <= BigInt(totalSupply) * microPerToken ? micro : null;
}

/**
 * `categories`: those of the holder's allocation in the live snapshot; a report names one of them,
 * `other`, or none.
 */
export function checkDispute(input: DisputeInput, categories: readonly string[]): DisputeCheck {
  const category = cleanDisputeText(input.category);
  const amount = cleanDisputeText(input.expectedAmount);
  const message = cleanDisputeText(input.message);
  const reference = cleanDisputeText(input.reference);

  if (characterCount(category) > disputeLimits.category) return { ok: false, code: 'DISPUTE_CATEGORY_TOO_LONG', field: 'category' };
  if (category !== '' && category !== otherDisputeCategory && !categories.includes(category)) {
    return { ok: false, code: 'DISPUTE_CATEGORY_UNKNOWN', field: 'category' };
  }
  const expectedMicro = amount === '' ? null : parseExpectedAmount(amount);
  if (amount !== '' && expectedMicro === null) return { ok: false, code: 'INVALID_EXPECTED_AMOUNT', field: 'expectedAmount' };
  if (message === '') return { ok: false, code: 'DISPUTE_MESSAGE_REQUIRED', field: 'message' };
  if (characterCount(message) > disputeLimits.message) return { ok: false, code: 'DISPUTE_MESSAGE_TOO_LONG', field: 'message' };
  if (characterCount(reference) > disputeLimits.reference) return { ok: false, code: 'DISPUTE_REFERENCE_TOO_LONG', field: 'reference' };

  return {
    ok: true,
    value: { category: category || null, expectedMicro, message, reference: reference || null },
  };
}
