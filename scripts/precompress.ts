import fs from 'node:fs';
import zlib from 'node:zlib';

/** Text files the build compresses ahead (vite.config.ts: precompress, prerender). */
export const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes the file's .br (brotli, quality 11) and .gz (gzip, level 9) siblings, so the server
 * (@fastify/static's preCompressed, spa.ts) never compresses per request; a variant that would not be
 * smaller is left out.
 */
export function writeCompressedSiblings(file: string): void {
  const source = fs.readFileSync(file);
  const variants: [string, Buffer][] = [
    [
      '.br',
      zlib.brotliCompressSync(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['.gz', zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION })],
  ];
  for (const [extension, compressed] of variants) {
    if (compressed.length < source.length) fs.writeFileSync(file + extension, compressed);
  }
}
