import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { memeHeight, memeWidth, renderMeme } from '../../server/features/memes/render-meme.js';

async function flatBackground(colour = '#2a6b4a', width = 900, height = 900) {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** Share of pixels in a horizontal band that differ from the background colour. */
async function inkShare(png: Buffer, top: number, height: number, background: [number, number, number]) {
  const { data, info } = await sharp(png)
    .extract({ left: 0, top, width: memeWidth, height })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const distance = Math.abs(data[i]! - background[0]) + Math.abs(data[i + 1]! - background[1]) + Math.abs(data[i + 2]! - background[2]);
    if (distance > 60) ink++;
  }
  return ink / (info.width * info.height);
}

describe('renderMeme', () => {
  it('outputs a 1200x630 PNG', async () => {
    const png = await renderMeme({ background: await flatBackground(), top: 'top', bottom: 'bottom' });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: memeWidth, height: memeHeight });
  });

  it('cover-fits a background of another shape', async () => {
    const png = await renderMeme({ background: await flatBackground('#2a6b4a', 300, 1200), top: '', bottom: '' });
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('draws the captions in the top and bottom bands and leaves the middle alone', async () => {
    const png = await renderMeme({ background: await flatBackground(), top: 'WHEN THE SATS STACK', bottom: 'THEMSELVES' });
    const colour: [number, number, number] = [0x2a, 0x6b, 0x4a];
    expect(await inkShare(png, 20, 150, colour)).toBeGreaterThan(0.05);
    expect(await inkShare(png, 460, 150, colour)).toBeGreaterThan(0.03);
    expect(await inkShare(png, 240, 150, colour)).toBe(0);
  });

  it('writes white text with a dark outline', async () => {
    const png = await renderMeme({ background: await flatBackground('#808080'), top: 'HODL', bottom: '' });
    const { data } = await sharp(png).extract({ left: 0, top: 0, width: 1200, height: 200 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 3) {
      const sum = data[i]! + data[i + 1]! + data[i + 2]!;
      if (sum > 740) white++;
      if (sum < 90) dark++;
    }
    expect(white).toBeGreaterThan(1000);
    expect(dark).toBeGreaterThan(500);
  });

  it('renders Chinese as real glyphs, not missing-glyph boxes', async () => {
    const background = await flatBackground('#000000');
    // Missing glyphs all render as the same box: different characters would give identical pixels.
    const [a, b] = await Promise.all(
      ['比特币', '松鼠囤'].map(async (top) => {
        const png = await renderMeme({ background, top, bottom: '' });
        return sharp(png).extract({ left: 0, top: 0, width: 1200, height: 200 }).raw().toBuffer();
      }),
    );
    expect(a!.equals(b!)).toBe(false);
    const glyphs = await renderMeme({ background, top: '比特币', bottom: '' });
    const box = await renderMeme({ background, top: '\u{10FFFD}\u{10FFFD}\u{10FFFD}', bottom: '' });
    const [glyphRaw, boxRaw] = await Promise.all(
      [glyphs, box].map((png) => sharp(png).extract({ left: 0, top: 0, width: 1200, height: 200 }).raw().toBuffer()),
    );
    expect(glyphRaw!.equals(boxRaw!)).toBe(false);
  });

  it('treats markup in captions as text', async () => {
    const png = await renderMeme({ background: await flatBackground(), top: '<span foreground="red">x</span> & <b>', bottom: '' });
    expect((await sharp(png).metadata()).width).toBe(1200);
  });

  it.each([
    ['a NUL', 'HODL\u0000SATS'],
    ['only zero-width and bidi characters', '\u200B\u200D\u202E\u2060\u00AD\uFEFF'],
    ['only blanks', '\u2800\u3000\u00A0\t'],
    ['a lone surrogate', '\uD800'],
    ['markup and $ patterns', "<b>&amp; $` $& $'</b>"],
  ])('renders a caption with %s instead of failing', async (_name, caption) => {
    const png = await renderMeme({ background: await flatBackground(), top: caption, bottom: caption });
    expect(await sharp(png).metadata()).toMatchObject({ width: memeWidth, height: memeHeight });
  });
});
