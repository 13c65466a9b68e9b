import type { default as sharpLibrary, Metadata } from 'sharp';
import { AppError } from '../errors.js';
import { uploadTypeMessage } from '@shared/schemas/memes';

// The only module that touches the image library: every decode, encode and composite goes through
// here, so a limit set once holds on every path (uploads, meme rendering, template artwork).
type Sharp = typeof sharpLibrary;
let library: Promise<Sharp> | null = null;

/**
 * sharp and libvips (about 20 MB resident) load with the first image, not with the server: a process
 * that only answers lookups on launch day never needs them. Process-wide settings: a small
 * decoded-image cache, no file cache (stored files are replaced and deleted); concurrency stays at
 * sharp's default (the cores, or 1 on glibc without jemalloc, against fragmentation).
 */
function imageLibrary(): Promise<Sharp> {
  library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache({ memory: 64, files: 0, items: 64 });
    return sharp;
  });
  return library;
}

/** A pixel ceiling that refuses decompression bombs (a tiny file claiming enormous dimensions) before decoding. */
export const maxInputPixels = 40_000_000;

const accepted = new Set(['jpeg', 'png', 'webp', 'gif']);

export interface CleanImage {
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/**
 * Decides the type by decoding, never by name or declared type, then re-encodes the pixels:
 * metadata (EXIF, GPS), trailing bytes and anything else riding in the file are left behind.
 */
export async function cleanUpload(bytes: Buffer): Promise<CleanImage> {
  const sharp = await imageLibrary();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'INVALID_IMAGE', uploadTypeMessage);
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!format || !accepted.has(format)) throw new AppError(400, 'INVALID_IMAGE', uploadTypeMessage);
  if (width * height > maxInputPixels) throw tooManyPixels();

  const image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false }).rotate();
  const encoded =
    format === 'jpeg'
      ? { pipeline: image.jpeg({ quality: 88 }), extension: 'jpg' as const }
      : format === 'webp'
        ? { pipeline: image.webp({ quality: 90 }), extension: 'webp' as const }
        : { pipeline: image.png(), extension: 'png' as const };
  try {
    const { data, info } = await encoded.pipeline.toBuffer({ resolveWithObject: true });
    return { data, extension: encoded.extension, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw new AppError(400, 'INVALID_IMAGE', uploadTypeMessage, {}, { cause: error });
  }
}

function tooManyPixels(): AppError {
  return new AppError(400, 'IMAGE_TOO_LARGE', 'This image has too many pixels. Please upload a smaller picture.');
}

export interface CoverOptions {
  width: number;
  height: number;
  /** Fills transparent pixels with this colour. */
  background?: string;
  /** Rasterising resolution of a vector (SVG) input. */
  density?: number;
}

/** Any decodable image (within the pixel limit) cover-fitted, centred, to exactly width x height, as PNG. */
export async function coverPng(bytes: Buffer, { width, height, background, density }: CoverOptions): Promise<Buffer> {
  const sharp = await imageLibrary();
  let image = sharp(bytes, { limitInputPixels: maxInputPixels, ...(density ? { density } : {}) }).resize(width, height, {
    fit: 'cover',
    position: 'centre',
  });
  if (background) image = image.flatten({ background });
  return image.png().toBuffer();
}

export interface TextLayerOptions {
  /** Pango markup; the caller escapes any text it did not write. */
  markup: string;
  font: string;
  fontFile: string;
  /** The box the text is wrapped and auto-sized into. */
  width: number;
  height: number;
}

/** Centred, word-wrapped text on a transparent layer, as PNG with the size it came out at. */
export async function textLayer({ markup, font, fontFile, width, height }: TextLayerOptions) {
  const sharp = await imageLibrary();
  const { data, info } = await sharp({
    text: { text: markup, font, fontfile: fontFile, width, height, align: 'centre', wrap: 'word-char', rgba: true },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Overlay {
  input: Buffer;
  left: number;
  top: number;
}

/** The base image with the overlays drawn over it in order, as PNG. */
export async function compositePng(base: Buffer, overlays: Overlay[], compressionLevel = 8): Promise<Buffer> {
  const sharp = await imageLibrary();
  return sharp(base, { limitInputPixels: maxInputPixels }).composite(overlays).png({ compressionLevel }).toBuffer();
}
