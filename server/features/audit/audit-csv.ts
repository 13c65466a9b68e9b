import { stringify } from 'csv-stringify/sync';
import type { AuditEntry } from '@shared/schemas/admin';

const columns = ['id', 'at', 'actor', 'actor_role', 'action', 'target', 'reason', 'before', 'after'] as const;

// A spreadsheet runs a cell that starts with one of these as a formula; a leading apostrophe keeps
// it text. Every column is escaped: a reason, a target or a JSON value may come from anyone.
const formulaStart = /^[=+\-@\t\r]/;
const asText = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return formulaStart.test(text) ? `'${text}` : text;
};

/** The entries as CSV with a header row. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return stringify(
    entries.map((entry) =>
      [entry.id, entry.at, entry.actor, entry.actorRole, entry.action, entry.target, entry.reason, entry.before, entry.after].map(asText),
    ),
    { header: true, columns: [...columns] },
  );
}
