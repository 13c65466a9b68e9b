import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';

/** A problem in an import file, named by its physical line (the header is line 1). */
export interface LineError {
  line: number;
  message: string;
}

export interface CsvRecord<C extends string> {
  line: number;
  fields: Record<C, string>;
}

// A quoted field that is never closed would otherwise swallow the rest of the file into memory.
const maxRecordChars = 100_000;

/**
 * Streams a CSV file whose header names exactly `columns` (any order) and yields each record keyed by
 * column, or a LineError for a bad header, a record with the wrong field count, or invalid CSV (after
 * which reading stops). Blank lines are skipped.
 */
export async function* readCsvRecords<C extends string>(
  file: string,
  columns: readonly C[],
): AsyncGenerator<CsvRecord<C> | LineError> {
  // Field counts are checked here rather than by csv-parse, so every bad row is reported, not just the
  // first; blank lines are kept as records (and skipped below) so that every line is counted.
  const parser = parse({ bom: true, trim: true, skip_empty_lines: false, relax_column_count: true, max_record_size: maxRecordChars });
  const input = fs.createReadStream(file);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);

  // csv-parse's own line count drifts on CRLF files with blank lines or line breaks inside quotes,
  // so lines are counted here: every record (blank ones too) starts on the line after the last ended.
  let nextLine = 1;
  let positions: number[] | null = null;
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      const line = nextLine;
      nextLine += 1 + lineBreaks(values);
      if (values.length === 1 && values[0] === '') continue;
      if (!positions) {
        const header = readHeader(values, columns);
        if (typeof header === 'string') {
          yield { line, message: header };
          return;
        }
        positions = header;
        continue;
      }
      if (values.length !== columns.length) {
        yield { line, message: `expected ${columns.length} fields, found ${values.length}` };
        continue;
      }
      const fields = Object.fromEntries(columns.map((column, index) => [column, values[positions![index]!]!]));
      yield { line, fields: fields as Record<C, string> };
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    yield { line: nextLine, message: `not valid CSV: ${describeCsvError(error)}` };
    return;
  } finally {
    input.destroy();
  }
  if (!positions) yield { line: 1, message: `missing header row (expected ${columns.join(',')})` };
}

function lineBreaks(values: string[]): number {
  let count = 0;
  for (const value of values) {
    if (value.includes('\n') || value.includes('\r')) count += value.match(/\r\n|\r|\n/g)!.length;
  }
  return count;
}

/** Where each expected column sits in the file, or what is wrong with the header. */
function readHeader<C extends string>(values: string[], columns: readonly C[]): number[] | string {
  const names = values.map((value) => value.toLowerCase());
  const problems: string[] = [];
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) problems.push(`duplicate column "${duplicate}"`);
  const unknown = names.filter((name) => !(columns as readonly string[]).includes(name));
  if (unknown.length) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}`);
  const missing = columns.filter((column) => !names.includes(column));
  if (missing.length) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')}`);
  if (problems.length) return `${problems.join('; ')} (the header must be ${columns.join(',')}, in any order)`;
  return columns.map((column) => names.indexOf(column));
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field starting in this row is never closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a closing quote in this row is followed by other characters (write a quote inside a quoted field as "")';
    case 'CSV_MAX_RECORD_SIZE':
      return `a row longer than ${maxRecordChars} characters (an unclosed quote?)`;
    default:
      return error.message;
  }
}
