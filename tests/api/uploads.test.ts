import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/build-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp();
let cookie: string;
beforeEach(async () => {
  ({ cookie } = await loginCookie(ctx.app, mainnetWallets.taproot));
});

const typeMessage = 'Please upload an image file (JPG, PNG, etc.)';

function upload(value: Buffer, filename = 'photo.png', type = 'image/png', withCookie = true) {
  const body = multipartBody([{ name: 'image', value, filename, type }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    headers: { ...body.headers, ...(withCookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** The stored image as the app serves it (from the folder on SQLite, the database on PostgreSQL). */
async function served(url: string): Promise<Buffer> {
  const response = await ctx.app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return response.rawPayload;
}

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#f7931a' } }).png().toBuffer();
}

/** Rewrites a PNG's IHDR width and height (and its CRC). */
function withDimensions(file: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(file);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(zlib.crc32(patched.subarray(12, 29)), 29);
  return patched;
}

describe('POST /api/upload/image', () => {
  it('stores a decoded, re-encoded image under a content-hash name and serves it cached', async () => {
    const response = await upload(await png());
    expect(response.statusCode).toBe(200);
    const { uploadedImageUrl } = response.json();
    expect(uploadedImageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: uploadedImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it('strips metadata such as EXIF location', async () => {
    const withExif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('secret-owner'))).toBe(true);
    const { uploadedImageUrl } = (await upload(withExif, 'a.jpg', 'image/jpeg')).json();
    const stored = await served(uploadedImageUrl);
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('refuses a text file renamed .png', async () => {
    const response = await upload(Buffer.from('just some text, not an image'), 'fake.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'INVALID_IMAGE', message: typeMessage });
  });

  it('refuses an SVG, scripts and all', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const response = await upload(svg, 'x.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(typeMessage);
  });

  it('keeps only the pixels of a PNG with trailing garbage', async () => {
    const garbage = Buffer.from('<script>alert("polyglot")</script>');
    const response = await upload(Buffer.concat([await png(), garbage]));
    expect(response.statusCode).toBe(200);
    const stored = await served(response.json().uploadedImageUrl);
    expect(stored.includes(garbage)).toBe(false);
  });

  it('refuses 5 MB + 1 byte with 413 and the spec message', async () => {
    const response = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'FILE_TOO_LARGE', message: 'Please upload an image smaller than 5MB' });
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    // A tiny PNG whose header claims 30000 x 30000 pixels: refused before anything is decoded.
    const bomb = withDimensions(await png(1, 1), 30_000, 30_000);
    expect(bomb.length).toBeLessThan(1024);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(30_000);
    const response = await upload(bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('IMAGE_TOO_LARGE');
  });

  it('requires a session', async () => {
    expect((await upload(await png(), 'a.png', 'image/png', false)).statusCode).toBe(401);
  });

  it('refuses a JSON body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/upload/image', headers: { cookie }, payload: { image: 'x' } });
    expect(response.statusCode).toBe(400);
  });
});
