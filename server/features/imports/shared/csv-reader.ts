import { isAscii } from 'node:buffer';
import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import { type ImportProgress, ReadProgress } from './progress.js';

/** A problem in an import file, named by its physical line (the header is line 1). */
export interface LineError {
  line: number;
  message: string;
}

// A quoted field that is never closed would otherwise swallow the rest of the file into memory.
const maxRecordChars = 100_000;

/** A record's fields in the order of the expected columns, whatever their order in the file. */
export interface CsvRow {
  line: number;
  values: string[];
}

/** Records are handed over in batches of about this many, so a million rows cost no million awaits. */
const batchSize = 8192;
// Small enough that a chunk's records die young (a larger one was promoted to the old generation).
const chunkBytes = 1 << 20;

/**
 * The one CSV reader of the imports. Streams a CSV file whose header names exactly `columns` (any order),
 * but for those of `optional` it may leave out, and yields its records in batches, each record's values
 * in `columns` order (an absent optional column reads as ''), or a LineError for a bad header, a record
 * with the wrong field count, or invalid CSV (after which reading stops). Blank lines are skipped.
 */
export async function* readCsvRows<C extends string>(
  file: string,
  columns: readonly C[],
  optional: readonly C[] = [],
): AsyncGenerator<(CsvRow | LineError)[]> {
  const records = (await isPlainCsv(file)) ? plainRecords(file) : parsedRecords(file);
  let batch: (CsvRow | LineError)[] = [];
  let positions: number[] | null = null;
  let fields = 0;
  let inOrder = false;
  for await (const chunk of records) {
    for (const record of chunk) {
      if ('message' in record) {
        // Invalid CSV: reading stops here.
        yield [...batch, record];
        return;
      }
      const { line, values } = record;
      if (values.length === 1 && values[0] === '') continue;
      if (!positions) {
        const header = readHeader(values, columns, optional);
        if (typeof header === 'string') {
          yield [...batch, { line, message: header }];
          return;
        }
        positions = header;
        fields = values.length;
        inOrder = positions.every((position, index) => position === index);
        continue;
      }
      if (values.length !== fields) batch.push({ line, message: `expected ${fields} fields, found ${values.length}` });
      else batch.push(inOrder ? record : { line, values: positions.map((position) => (position === -1 ? '' : values[position]!)) });
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (!positions) batch.push({ line: 1, message: `missing header row (expected ${headerRule(columns, optional)})` });
  if (batch.length) yield batch;
}

/**
 * What every import reads: readCsvRows' records in batches, its LineErrors pushed onto `errors` rather
 * than mixed in, and the rows read reported to `onProgress`.
 */
export async function* readImportRows<C extends string>(
  file: string,
  columns: readonly C[],
  errors: LineError[],
  onProgress?: ImportProgress,
  optional: readonly C[] = [],
): AsyncGenerator<CsvRow[]> {
  const progress = new ReadProgress(onProgress);
  for await (const batch of readCsvRows(file, columns, optional)) {
    const before = errors.length;
    for (const item of batch) if ('message' in item) errors.push(item);
    // A batch without errors (the usual one) is handed over as it is.
    const rows = errors.length === before ? (batch as CsvRow[]) : batch.filter((item): item is CsvRow => !('message' in item));
    progress.add(rows.length);
    yield rows;
  }
  progress.end();
}

/**
 * Whether the file has no quote, no form feed and no line ending in a lone CR: then a record is a line
 * and a field is what lies between commas, and the file can be split without a CSV parser.
 */
async function isPlainCsv(file: string): Promise<boolean> {
  let previous = 0;
  for await (const chunk of fileChunks(file)) {
    if (chunk.includes(0x22) || chunk.includes(0x0c)) return false;
    if (previous === 0x0d && chunk[0] !== 0x0a) return false;
    for (let at = chunk.indexOf(0x0d); at !== -1; at = chunk.indexOf(0x0d, at + 1)) {
      if (at + 1 < chunk.length && chunk[at + 1] !== 0x0a) return false;
    }
    previous = chunk[chunk.length - 1]!;
  }
  return previous !== 0x0d;
}

/**
 * A file read into one reused buffer: a fresh buffer per read costs the kernel a page fault for every
 * page it copies into. The reader keeps what its caller has not consumed at the front of the buffer and
 * reads more after it.
 */
class ReusedBufferReader {
  readonly buffer = Buffer.allocUnsafe(chunkBytes);
  /** Bytes held at the front of `buffer`. */
  filled = 0;

  readonly #handle: fs.promises.FileHandle;

  private constructor(handle: fs.promises.FileHandle) {
    this.#handle = handle;
  }

  static async open(file: string): Promise<ReusedBufferReader> {
    return new ReusedBufferReader(await fs.promises.open(file));
  }

  /** Reads more after the bytes held; false at the end of the file (or when the buffer is full). */
  async readMore(): Promise<boolean> {
    const { bytesRead } = await this.#handle.read(this.buffer, this.filled, this.buffer.length - this.filled, null);
    this.filled += bytesRead;
    return bytesRead > 0;
  }

  /** Drops the first `count` bytes held, moving the rest to the front. */
  consume(count: number): void {
    this.buffer.copyWithin(0, count, this.filled);
    this.filled -= count;
  }

  close(): Promise<void> {
    return this.#handle.close();
  }
}

/** The file's bytes, a chunk at a time (each chunk is valid until the next is asked for). */
async function* fileChunks(file: string): AsyncGenerator<Buffer> {
  const reader = await ReusedBufferReader.open(file);
  try {
    while (await reader.readMore()) {
      yield reader.buffer.subarray(0, reader.filled);
      reader.consume(reader.filled);
    }
  } finally {
    await reader.close();
  }
}

type RawRecord = CsvRow | LineError;

/** text[start, end) without the spaces and tabs around it (csv-parse's trim), in one slice. */
function trimmedField(text: string, start: number, end: number): string {
  while (start < end && (text.charCodeAt(start) === 32 || text.charCodeAt(start) === 9)) start += 1;
  while (end > start && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end -= 1;
  return text.slice(start, end);
}

/**
 * The records of a plain file (see isPlainCsv), split by hand: the same records csv-parse gives, many
 * times faster. The file is read into one reused buffer and decoded up to its last line end, so no
 * character is ever split between reads and every read decodes on its own: ASCII (the usual file) as
 * latin1, a plain copy, anything else as UTF-8. The bytes after the last line end move to the front.
 */
async function* plainRecords(file: string): AsyncGenerator<RawRecord[]> {
  const reader = await ReusedBufferReader.open(file);
  try {
    let line = 1;
    let first = true;
    for (;;) {
      const atEnd = !(await reader.readMore());
      const { buffer, filled } = reader;
      if (atEnd && filled === 0) return;
      const cut = atEnd ? filled : buffer.lastIndexOf(0x0a, filled - 1) + 1;
      if (cut === 0) {
        // A full buffer without a line end holds a row longer than any allowed; a partial one reads on.
        if (filled < buffer.length) continue;
        yield [tooLong(line)];
        return;
      }
      const bytes = buffer.subarray(0, cut);
      let text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      const records: RawRecord[] = [];
      let start = 0;
      for (let end = text.indexOf('\n'); ; start = end + 1, end = text.indexOf('\n', start)) {
        // At the end of the file the last record may have no line end.
        if (end === -1 && (!atEnd || start === text.length)) break;
        const record = plainRecord(text, start, end === -1 ? text.length : end, line);
        line += 1;
        records.push(record);
        if ('message' in record) {
          yield records;
          return;
        }
        if (end === -1) break;
      }
      yield records;
      if (atEnd) return;
      reader.consume(cut);
    }
  } finally {
    await reader.close();
  }
}

function plainRecord(text: string, start: number, end: number, line: number): RawRecord {
  if (end > start && text.charCodeAt(end - 1) === 13) end -= 1;
  if (end - start > maxRecordChars) return tooLong(line);
  // The fields are sliced from the record itself: a search for the next comma never runs past its line.
  const record = text.slice(start, end);
  const values: string[] = [];
  let from = 0;
  for (let comma = record.indexOf(','); comma !== -1; comma = record.indexOf(',', from)) {
    values.push(trimmedField(record, from, comma));
    from = comma + 1;
  }
  values.push(trimmedField(record, from, record.length));
  return { line, values };
}

function tooLong(line: number): LineError {
  return { line, message: `not valid CSV: a row longer than ${maxRecordChars} characters (an unclosed quote?)` };
}

/** Any other file, through csv-parse (quotes, lone CRs). */
async function* parsedRecords(file: string): AsyncGenerator<RawRecord[]> {
  // Field counts are checked by the caller rather than by csv-parse, so every bad row is reported, not
  // just the first; blank lines are kept as records (and skipped there) so that every line is counted.
  const parser = parse({ bom: true, trim: true, skip_empty_lines: false, relax_column_count: true, max_record_size: maxRecordChars });
  const input = fs.createReadStream(file);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);

  // csv-parse's own line count drifts on CRLF files with blank lines or line breaks inside quotes,
  // so lines are counted here: every record (blank ones too) starts on the line after the last ended.
  let nextLine = 1;
  let records: RawRecord[] = [];
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      records.push({ line: nextLine, values });
      nextLine += 1 + lineBreaks(values);
      if (records.length >= batchSize) {
        yield records;
        records = [];
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    records.push({ line: nextLine, message: `not valid CSV: ${describeCsvError(error)}` });
  } finally {
    input.destroy();
  }
  yield records;
}

function lineBreaks(values: string[]): number {
  let count = 0;
  for (const value of values) {
    if (value.includes('\n') || value.includes('\r')) count += value.match(/\r\n|\r|\n/g)!.length;
  }
  return count;
}

/** The header a file must have, as a message says it. */
function headerRule(columns: readonly string[], optional: readonly string[]): string {
  if (optional.length === 0) return columns.join(',');
  return `${columns.filter((column) => !optional.includes(column)).join(',')}, optionally with ${optional.join(',')}`;
}

/** Where each expected column sits in the file (-1 for an optional one it leaves out), or what is wrong with the header. */
function readHeader<C extends string>(values: string[], columns: readonly C[], optional: readonly C[]): number[] | string {
  const names = values.map((value) => value.toLowerCase());
  const problems: string[] = [];
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) problems.push(`duplicate column "${duplicate}"`);
  const unknown = names.filter((name) => !(columns as readonly string[]).includes(name));
  if (unknown.length) problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')}`);
  const missing = columns.filter((column) => !names.includes(column) && !optional.includes(column));
  if (missing.length) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.map((n) => `"${n}"`).join(', ')}`);
  if (problems.length) return `${problems.join('; ')} (the header must be ${headerRule(columns, optional)}, in any order)`;
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
