import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { writeOwedAllocationCsv } from '../imports/index.js';

/**
 * The owed list (`npm run payouts -- export-unpaid`'s file) as a stream the reply reads: each page of
 * the list is written only once the reader took the last, so a large list never sits in memory. A
 * reader gone away stops the reading; a failed read ends the download cut short.
 */
export function owedCsvStream(db: Kysely<Database>): Readable {
  const stream = new PassThrough();
  const write = async (text: string) => {
    if (stream.destroyed) throw new Error('the owed list download was closed');
    if (!stream.write(text)) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  };
  writeOwedAllocationCsv(db, write).then(
    () => stream.end(),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}
