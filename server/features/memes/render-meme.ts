import { createRequire } from 'node:module';
import { cleanMemeText } from '@shared/meme-text';
import { compositePng, coverPng, type Overlay, textLayer } from '../../platform/lib/images.js';

export const memeWidth = 1200;
export const memeHeight = 630;

// Noto Sans SC ships with the project (npm) and covers Latin and CJK, so Chinese captions render
// as glyphs on any machine; the text renderer (Pango) is given the file directly.
export const memeFontFile = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-sc/900Black/NotoSansSC_900Black.ttf',
);
const memeFont = 'Noto Sans SC Black';

const margin = 36;
const bandHeight = 150;
const outline = 4;
const outlineOffsets = [
  [-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1],
].map(([x, y]) => [x! * outline, y! * outline] as const);

export interface MemeInput {
  /** Any decodable image within the pixel limit; cover-fitted to 1200x630. */
  background: Buffer;
  top: string;
  bottom: string;
}

function pangoEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One caption, wrapped and auto-sized into the band, in the given colour. */
function captionLayer(text: string, colour: string) {
  return textLayer({
    markup: `<span foreground="${colour}">${pangoEscape(text)}</span>`,
    font: memeFont,
    fontFile: memeFontFile,
    width: memeWidth - 2 * margin - 2 * outline,
    height: bandHeight,
  });
}

/** White text with a dark outline, centred in a band whose top edge is `bandTop`. */
async function captionComposites(raw: string, bandTop: number): Promise<Overlay[]> {
  // Pango refuses a NUL and fails on text that draws nothing (only blanks or zero-width characters).
  const text = cleanMemeText(raw).replace(/\s+/g, ' ').trim();
  if (text === '') return [];
  const [white, dark] = await Promise.all([captionLayer(text, '#ffffff'), captionLayer(text, '#111111')]);
  const left = Math.round((memeWidth - white.width) / 2);
  const top = Math.round(bandTop + (bandHeight - white.height) / 2);
  return [
    ...outlineOffsets.map(([dx, dy]) => ({ input: dark.data, left: left + dx, top: top + dy })),
    { input: white.data, left, top },
  ];
}

/** The 1200x630 share image: background cover-fitted, top and bottom captions overlaid. */
export async function renderMeme(input: MemeInput): Promise<Buffer> {
  const background = await coverPng(input.background, { width: memeWidth, height: memeHeight, background: '#1a1a1a' });
  const overlays = [
    ...(await captionComposites(input.top, margin - 16)),
    ...(await captionComposites(input.bottom, memeHeight - margin + 16 - bandHeight)),
  ];
  return compositePng(background, overlays, 8);
}
