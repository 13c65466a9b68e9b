import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The JavaScript the first paint of `/` needs, gzipped: what index.html loads before anything renders
 * (entry and modulepreloads). The first paint is the shell (header, a loading state); everything the
 * page loads after it until it is idle is measured from a real page load (scripts-before-idle.ts).
 */
export const firstPaintJsBudgetBytes = 90_000;

/**
 * Well inside the goal since react-dom left the entry (main.tsx imports it once the entry has run:
 * 24.2 kB, down from 88.5): the browser test holds this ceiling so it stays out.
 */
export const firstPaintJsCeilingBytes = 30_000;

export interface FirstPaintFile {
  file: string;
  kind: 'js' | 'css' | 'html';
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function compressedSize(clientDir: string, file: string, extension: '.gz' | '.br'): number {
  // The precompressed sibling is what the server sends; a tiny file has none and is compressed here.
  const sibling = path.join(clientDir, file + extension);
  if (fs.existsSync(sibling)) return fs.statSync(sibling).size;
  const source = fs.readFileSync(path.join(clientDir, file));
  return (extension === '.gz' ? zlib.gzipSync(source, { level: 9 }) : zlib.brotliCompressSync(source)).length;
}

/** The gzip size of a file of a client build: its precompressed sibling when the build wrote one. */
export const gzipSize = (clientDir: string, file: string) => compressedSize(clientDir, file, '.gz');

function describe(clientDir: string, file: string): FirstPaintFile {
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : file.endsWith('.html') ? 'html' : 'js',
    bytes: fs.statSync(path.join(clientDir, file)).size,
    gzipBytes: compressedSize(clientDir, file, '.gz'),
    brotliBytes: compressedSize(clientDir, file, '.br'),
  };
}

/** Files index.html makes the browser fetch before anything renders: module scripts, modulepreloads, stylesheets. */
function shellFiles(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isLink = /rel="(?:modulepreload|stylesheet)"/.test(tag);
    const url = /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isLink) && url?.startsWith('assets/')) files.push(url);
  }
  return files;
}

/** Vite's manifest of a client build folder (the build writes it: `build.manifest`). */
export function readClientManifest(clientDir: string): Record<string, ManifestChunk> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with the project's vite.config.ts`);
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** Every file the first paint of `/` loads from a client build folder: index.html and what it names. */
export function measureFirstPaint(clientDir: string): FirstPaintFile[] {
  // index.html itself (its <style> is the entry's CSS, inlined at build), then its scripts and stylesheets.
  const shell = ['index.html', ...shellFiles(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'))];
  return shell.map((file) => describe(clientDir, file));
}

export function totalGzip(files: readonly FirstPaintFile[], kind: FirstPaintFile['kind']): number {
  return files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzipBytes, 0);
}
