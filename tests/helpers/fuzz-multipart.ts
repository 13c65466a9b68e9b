import zlib from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { asText } from './fuzz-encoding.js';
import { hostileString, pollutionKeys } from './fuzz-hostile.js';
import { type JsonSchema, type KnownValues, valueFor } from './fuzz-schema.js';

/** What an upload route reads from its multipart body: the file's field and its text fields. */
export interface MultipartShape {
  fileField: string;
  textFields: Record<string, JsonSchema>;
}

interface Part {
  name: string;
  filename: string | null;
  type: string | null;
  value: Buffer | string;
}

/** A PNG whose header claims a huge size (CRC fixed, so only the decoder's pixel limit stops it). */
function withLyingSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8) + chunk length (4) + "IHDR" (4): width and height follow, then the CRC over type and data.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(zlib.crc32(copy.subarray(12, 29)), 29);
  return copy;
}

/** Files an upload may carry: real images, broken ones, lying ones, other formats, nothing, and one over the size limit. */
export async function sampleFiles(): Promise<Buffer[]> {
  const base = sharp({ create: { width: 48, height: 32, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 1 } } });
  const png = await base.clone().png().toBuffer();
  const jpeg = await base.clone().jpeg().withMetadata({ exif: { IFD0: { Copyright: 'fuzz' } } }).toBuffer();
  const webp = await base.clone().webp().toBuffer();
  const gif = await base.clone().gif().toBuffer();
  return [
    png,
    jpeg,
    webp,
    gif,
    png.subarray(0, png.length >> 1),
    png.subarray(0, 8),
    withLyingSize(png, 60_000, 60_000),
    withLyingSize(png, 1, 2 ** 31 - 1),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
    Buffer.from('GIF89a'),
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(0),
    Buffer.alloc(5 * 1024 * 1024 + 1, 0x41),
  ];
}

const envelopes = ['ok', 'ok', 'ok', 'ok', 'ok', 'no-boundary', 'truncated', 'wrong-boundary', 'no-end', 'quoted-boundary', 'long-boundary', 'garbage'] as const;

function encodeParts(parts: Part[], boundary: string, end: boolean): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === null ? '' : `; filename="${part.filename}"`;
    const type = part.type === null ? '' : `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A well-formed form: the file (a real image) in its field, a hostile filename and type, the text fields inside their schemas. */
export function strictMultipartArbitrary(shape: MultipartShape, files: Buffer[], known: KnownValues) {
  const realImages = files.slice(0, 4);
  const file = fc.record({
    name: fc.constant(shape.fileField),
    filename: fc.oneof(fc.constant('image.png'), hostileString.map((text) => `${text}.png`)),
    type: fc.oneof(fc.constantFrom('image/png', 'image/jpeg'), hostileString),
    value: fc.constantFrom(...realImages),
  });
  const text = fc.tuple(
    ...Object.entries(shape.textFields).map(([name, schema]) =>
      valueFor(schema, name, known, true).map((value) => ({ name, filename: null, type: null, value: asText(value) })),
    ),
  );
  return fc.tuple(file, text).map(([filePart, textParts]) => {
    const boundary = '----fuzz-boundary-7MA4YWxkTrZu0gW';
    return { payload: encodeParts([filePart, ...textParts], boundary, true), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  });
}

/** A multipart body for the shape, from well-formed to cut off, with hostile names, filenames, types and fields. */
export function multipartArbitrary(shape: MultipartShape, files: Buffer[], known: KnownValues) {
  const otherName = fc.oneof(hostileString, fc.constantFrom(...pollutionKeys, ...Object.keys(shape.textFields)));
  const filePart = fc.record({
    name: fc.oneof({ arbitrary: fc.constant(shape.fileField), weight: 8 }, { arbitrary: otherName, weight: 1 }),
    filename: fc.oneof(fc.constant('image.png'), fc.constant(null), hostileString),
    type: fc.oneof(fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/plain'), fc.constant(null), hostileString),
    // Mostly the small files: the oversized one costs a 5 MB copy.
    value: fc.oneof({ arbitrary: fc.constantFrom(...files.slice(0, -1)), weight: 12 }, { arbitrary: fc.constant(files.at(-1)!), weight: 1 }, {
      arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
      weight: 2,
    }),
  });
  const textParts = fc.tuple(
    ...Object.entries(shape.textFields).map(([name, schema]) =>
      fc.option(valueFor(schema, name, known).map((value) => ({ name, filename: null, type: null, value: asText(value) })), { freq: 4 }),
    ),
  );
  const extraParts = fc.array(fc.record({ name: otherName, filename: fc.constant(null), type: fc.constant(null), value: hostileString }), { maxLength: 12 });
  return fc
    .record({
      files: fc.array(filePart, { minLength: 1, maxLength: 2 }),
      fileCount: fc.integer({ min: 0, max: 9 }),
      text: textParts,
      extra: fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: extraParts, weight: 1 }),
      textFirst: fc.boolean(),
      envelope: fc.constantFrom(...envelopes),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ files: fileParts, fileCount, text, extra, textFirst, envelope, cut }) => {
      // One file nearly always; none or two now and then.
      const chosen = fileCount === 0 ? [] : fileCount === 9 ? fileParts : fileParts.slice(0, 1);
      const others = [...text.filter((part): part is NonNullable<typeof part> => part !== null), ...extra];
      const parts: Part[] = textFirst ? [...others, ...chosen] : [...chosen, ...others];
      const boundary = envelope === 'long-boundary' ? 'b'.repeat(200) : '----fuzz-boundary-7MA4YWxkTrZu0gW';
      const body = encodeParts(parts, boundary, envelope !== 'no-end');
      const contentType = {
        ok: `multipart/form-data; boundary=${boundary}`,
        'long-boundary': `multipart/form-data; boundary=${boundary}`,
        'no-end': `multipart/form-data; boundary=${boundary}`,
        truncated: `multipart/form-data; boundary=${boundary}`,
        'no-boundary': 'multipart/form-data',
        'wrong-boundary': 'multipart/form-data; boundary=something-else',
        'quoted-boundary': `multipart/form-data; boundary="${boundary}"; charset=utf-16`,
        garbage: `multipart/form-data; boundary=${boundary}`,
      }[envelope];
      const payload =
        envelope === 'truncated' ? body.subarray(0, Math.floor(body.length * cut)) : envelope === 'garbage' ? Buffer.from(`--${boundary}\r\n\u0000\r\n\r\n--`) : body;
      return { payload, headers: { 'content-type': contentType } };
    });
}
