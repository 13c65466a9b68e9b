import { stringify } from 'csv-stringify/sync';
import type { Dispute } from '@shared/schemas/disputes';

export const disputeCsvColumns = [
  'id',
  'status',
  'wallet_address',
  'category',
  'expected_amount',
  'message',
  'reference',
  'answer',
  'created_at',
  'answered_at',
  'resolved_at',
] as const;

// A spreadsheet runs a cell that starts with one of these as a formula; a leading apostrophe keeps
// a holder's text as text when the operator opens the export.
const formulaStart = /^[=+\-@\t\r]/;
const asText = (value: string | null) => (value !== null && formulaStart.test(value) ? `'${value}` : value ?? '');

/** The disputes as CSV with a header row; quoting and line breaks inside cells are the library's. */
export function disputesCsv(disputes: readonly Dispute[]): string {
  return stringify(
    disputes.map((dispute) => [
      dispute.id,
      dispute.status,
      dispute.walletAddress,
      asText(dispute.category),
      dispute.expectedAmount === null ? '' : String(dispute.expectedAmount),
      asText(dispute.message),
      asText(dispute.reference),
      asText(dispute.answer),
      dispute.createdAt,
      dispute.answeredAt ?? '',
      dispute.resolvedAt ?? '',
    ]),
    { header: true, columns: [...disputeCsvColumns] },
  );
}
