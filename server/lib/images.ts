import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.js';
import { uploadTypeMessage } from '../../shared/schemas/memes.js';

// Set once for the process: a small decoded-image cache, and a pixel ceiling that refuses
// decompression bombs (a tiny file that claims enormous dimensions) before decoding them.
sharp.cache({ memory: 64, files: 0, items: 64 });
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
