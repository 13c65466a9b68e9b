import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInAs } from '../helpers/admin-callers.js';
import { useTestApp } from '../helpers/build-app.js';
import { multipartShapes } from '../helpers/fuzz-target.js';
import { multipartBody } from '../helpers/multipart.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * Control characters in a multipart body's text (a field's value or name, a file's name) are a 400 on
 * every route that reads a form: PostgreSQL refuses NUL in text (a 500 there), SQLite stored and echoed it.
 */

const ctx = useTestApp();
let cookie: string;
let png: Buffer;
beforeEach(async () => {
  // One signed-in admin for every route: the console's import preview and the member's uploads.
  ({ cookie } = await signedInAs(ctx, 'admin'));
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f7931a' } }).png().toBuffer();
});

type Part = Parameters<typeof multipartBody>[0][number];

/** Each route that reads a form, with the parts of a request it would otherwise accept. */
const routes = {
  '/api/admin/imports/preview': {
    fields: () => ({ source: 'corrected', category: 'Partner Drop' }),
    file: () => ({ name: 'file', value: `wallet_address,category,tokens\n${mainnetWallets.taproot},Partner Drop,10\n`, filename: 'list.csv', type: 'text/csv' }),
  },
  '/api/upload/image': {
    fields: () => ({ note: 'a photo' }),
    file: () => ({ name: 'image', value: png, filename: 'photo.png', type: 'image/png' }),
  },
  '/api/upload/complete-meme': {
    fields: () => ({ memeId: '1' }),
    file: () => ({ name: 'memeImage', value: png, filename: 'meme.png', type: 'image/png' }),
  },
} satisfies Record<string, { fields: () => Record<string, string>; file: () => Part }>;
type Url = keyof typeof routes;
const urls = Object.keys(routes) as Url[];

function send(url: Url, change: { field?: [string, string]; filename?: string } = {}) {
  const fields = { ...routes[url].fields(), ...(change.field ? Object.fromEntries([change.field]) : {}) };
  const file = { ...routes[url].file(), ...(change.filename !== undefined ? { filename: change.filename } : {}) };
  const { payload, headers } = multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), file]);
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
}

function expectRefused(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe('INVALID_MULTIPART_TEXT');
  // eslint-disable-next-line no-control-regex
  expect(body.message).not.toMatch(/[\u0000-\u001F\u007F]/);
}

it('covers every route that reads a form (the fuzz suite checks that list against the OpenAPI document)', () => {
  expect(urls.map((url) => `POST ${url}`).sort()).toEqual(Object.keys(multipartShapes).sort());
});

describe.each(urls)('a form sent to %s', (url) => {
  const textField = Object.keys(routes[url].fields())[0]!;

  it('answers 400 INVALID_MULTIPART_TEXT to a NUL in a text field', async () => {
    expectRefused(await send(url, { field: [textField, 'src\u0000x'] }));
  });

  it('answers 400 INVALID_MULTIPART_TEXT to a NUL in the file name', async () => {
    expectRefused(await send(url, { filename: 'a\u0000b.csv' }));
  });

  it('answers 400 INVALID_MULTIPART_TEXT to a NUL in a field the route does not read', async () => {
    expectRefused(await send(url, { field: ['comment', 'hello\u0000'] }));
  });

  it.each([
    ['U+0001', '\u0001'],
    ['an escape sequence', '\u001B[31m'],
    ['a line break', 'line\nbreak'],
    ['a tab', 'tab\there'],
    ['DEL', 'del\u007F'],
  ])('answers 400 INVALID_MULTIPART_TEXT to %s in a text field', async (_name, value) => {
    expectRefused(await send(url, { field: [textField, value] }));
  });

  it('answers 400 to a control character in a field name', async () => {
    expectRefused(await send(url, { field: ['na\u0001me', 'x'] }));
  });
});

describe('the import preview', () => {
  // Without a source field the file's name is the source, which PostgreSQL refused with a 500.
  it.each([
    { form: 'quoted', filename: `filename="a\u0000b.csv"` },
    { form: 'RFC 5987 (filename*)', filename: `filename*=utf-8''a%00b.csv` },
  ])('answers 400 to a NUL in a $form file name with no source', async ({ filename }) => {
    const csv = `wallet_address,category,tokens\n${mainnetWallets.taproot},Holder Airdrop,10\n`;
    const boundary = '----acorn-test-boundary';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filename}\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/preview',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
      payload,
    });
    expectRefused(response);
  });

  it('still previews a clean form, its source with letters from any script', async () => {
    const response = await send('/api/admin/imports/preview', { field: ['source', 'partners 中文'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().difference.source).toBe('partners 中文');
  });
});
