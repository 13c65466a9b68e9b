import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsvRows } from '../../server/features/imports/shared/csv-reader.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-csv-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const columns = ['wallet_address', 'category', 'tokens'] as const;

async function read(content: string | Buffer, optional: readonly string[] = []) {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.csv`);
  fs.writeFileSync(file, content);
  const items = [];
  for await (const batch of readCsvRows<string>(file, columns, optional)) items.push(...batch);
  return items;
}

// A file without quotes is split by hand; quoting one harmless field sends the same content through
// csv-parse. Both must give the same records, lines and errors.
const plainFiles: Record<string, string> = {
  'LF, blank lines, spaces and tabs around fields': 'wallet_address,category,tokens\n\n a , b\t,1\n\t\n c,d ,2\n',
  'CRLF, BOM, no final line end': '\uFEFFwallet_address,category,tokens\r\na,b,1\r\n\r\nc,d,2',
  'columns in another order, wrong field counts': 'tokens,wallet_address,category\n1,a,b\n2,c\n3,d,e,f\n4,g,h\n',
  'a header only': 'wallet_address,category,tokens\n',
  'a bad header': 'wallet,category,tokens\na,b,1\n',
};

function quoteFirstField(content: string): string {
  // Quote the first field of the last line that has fields: "a" reads as a.
  const lines = content.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i]!.replace(/^\uFEFF/, '');
    const comma = line.indexOf(',');
    if (comma > 0 && line.slice(0, comma).trim() !== '') {
      const field = line.slice(0, comma).trim();
      lines[i] = lines[i]!.replace(field, `"${field}"`);
      return lines.join('\n');
    }
  }
  throw new Error('no field to quote');
}

describe('readCsvRows', () => {
  for (const [name, content] of Object.entries(plainFiles)) {
    it(`reads a plain file as csv-parse does: ${name}`, async () => {
      const quoted = quoteFirstField(content);
      expect(quoted).toContain('"');
      expect(await read(content)).toEqual(await read(quoted));
    });
  }

  it('reports a missing header for an empty file', async () => {
    expect(await read('')).toEqual([{ line: 1, message: 'missing header row (expected wallet_address,category,tokens)' }]);
  });

  it('gives the fields trimmed, in column order, on their physical lines', async () => {
    expect(await read('tokens,wallet_address,category\r\n\r\n 1 ,a,\tb\r\n2,c\r\n')).toEqual([
      { line: 3, values: ['a', 'b', '1'] },
      { line: 4, message: 'expected 3 fields, found 2' },
    ]);
  });

  it('reads an optional column left out as empty, and counts the fields against the header the file has', async () => {
    expect(await read('category,wallet_address\na,b\nc,d,1\n', ['tokens'])).toEqual([
      { line: 2, values: ['b', 'a', ''] },
      { line: 3, message: 'expected 2 fields, found 3' },
    ]);
    expect(await read('wallet_address,tokens,category\na,1,b\n', ['tokens'])).toEqual([{ line: 2, values: ['a', 'b', '1'] }]);
    expect(await read('wallet_address,tokens\na,1\n', ['tokens'])).toEqual([
      { line: 1, message: 'missing column "category" (the header must be wallet_address,category, optionally with tokens, in any order)' },
    ]);
  });

  // The reader takes 1 MiB at a time: ASCII rows fill the first chunk up to `room` bytes before its end.
  function asciiRowsUpTo(room: number): string {
    const rows = ['wallet_address,category,tokens\n'];
    let length = rows[0]!.length;
    for (let index = 0; length + `w${index},Holder Airdrop,${index}\n`.length < (1 << 20) - room; index += 1) {
      rows.push(`w${index},Holder Airdrop,${index}\n`);
      length += rows.at(-1)!.length;
    }
    return rows.join('');
  }

  it('reads a file of many chunks whose UTF-8 starts late, a character split across two chunks, as csv-parse does', async () => {
    const ascii = asciiRowsUpTo(40);
    const padding = 'p'.repeat((1 << 20) - 1 - ascii.length - 'p,Caf'.length);
    const content = `${ascii}p,${padding}Café,1\nlast,空投,2\n`;
    // The two bytes of "é" fall on both sides of the first chunk's end.
    expect(Buffer.from(content).subarray((1 << 20) - 1, (1 << 20) + 1)).toEqual(Buffer.from('é'));

    const plain = await read(content);
    expect(plain.at(-2)).toMatchObject({ values: ['p', `${padding}Café`, '1'] });
    expect(plain.at(-1)).toMatchObject({ values: ['last', '空投', '2'] });
    expect(plain).toEqual(await read(quoteFirstField(content)));
  });

  it('reads a broken UTF-8 sequence at the end of a chunk, before an ASCII chunk, where csv-parse does', async () => {
    const ascii = asciiRowsUpTo(40);
    const head = Buffer.from(`${ascii}p,${'p'.repeat((1 << 20) - 1 - ascii.length - 2)}`);
    // A lead byte with no continuation ends the first chunk; the next chunk is all ASCII.
    const file = (last: string) => Buffer.concat([head, Buffer.from([0xc3]), Buffer.from(`,1\n${last},b,2\n`)]);
    const plain = await read(file('last'));
    expect(plain.at(-2)).toMatchObject({ values: ['p', `${'p'.repeat(head.length - ascii.length - 2)}\uFFFD`, '1'] });
    expect(plain).toEqual(await read(file('"last"')));
  });

  it('refuses a row longer than allowed on its own line, whether it fits one read or not, as csv-parse does', async () => {
    const header = 'wallet_address,category,tokens\na,b,1\n';
    const message = 'not valid CSV: a row longer than 100000 characters (an unclosed quote?)';
    // Inside one read of the file, then a row with no line end in a whole read (1 MiB).
    for (const long of ['x'.repeat(150_000), 'y'.repeat(1_500_000)]) {
      const content = `${header}c,${long},2\nd,e,3\n`;
      const plain = await read(content);
      expect(plain).toEqual([{ line: 2, values: ['a', 'b', '1'] }, { line: 3, message }]);
      expect(plain).toEqual(await read(quoteFirstField(`${header}c,${long},2\n`)));
    }
  });

  it('reads rows that cross from one read of the file to the next, and a last row without a line end', async () => {
    const ascii = asciiRowsUpTo(10);
    const content = `${ascii}crossing,${'c'.repeat(30)},4\nlast,b,5`;
    const plain = await read(content);
    expect(plain.at(-2)).toEqual({ line: ascii.split('\n').length, values: ['crossing', 'c'.repeat(30), '4'] });
    expect(plain.at(-1)).toEqual({ line: ascii.split('\n').length + 1, values: ['last', 'b', '5'] });
    expect(plain).toEqual(await read(quoteFirstField(content)));
  });
});
