import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Issue 12, goal 5: the JavaScript the first paint of `/` needs, gzipped: what index.html loads before
 * anything renders (entry and modulepreloads). The first paint is the shell (header, a loading state);
 * the chunks below the header (app body and home page) follow it and are measured apart.
 */
export const firstPaintJsBudgetBytes = 90_000;

/** The page `/` renders: its chunk (and what it imports) loads right after the entry. */
export const homeRouteSource = 'src/app/routes/home.tsx';

/** Loaded alongside the home page's chunk: what sits below the header (react-query, the session, <main>). */
export const appBodySource = 'src/app/app-body.tsx';

export interface FirstPaintFile {
  file: string;
  kind: 'js' | 'css' | 'html';
  /** `shell`: named by index.html (entry, modulepreloads, stylesheets); `route`: the app body's and home page's chunks. */
  part: 'shell' | 'route';
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

function compressedSize(clientDir: string, file: string, extension: '.gz' | '.br'): number {
  // The precompressed sibling is what the server sends; a tiny file has none and is compressed here.
  const sibling = path.join(clientDir, file + extension);
  if (fs.existsSync(sibling)) return fs.statSync(sibling).size;
  const source = fs.readFileSync(path.join(clientDir, file));
  return (extension === '.gz' ? zlib.gzipSync(source, { level: 9 }) : zlib.brotliCompressSync(source)).length;
}

function describe(clientDir: string, file: string, part: FirstPaintFile['part']): FirstPaintFile {
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : file.endsWith('.html') ? 'html' : 'js',
    part,
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

/** A manifest chunk's file, the files it statically imports (transitively) and their CSS. */
function routeFiles(manifest: Record<string, ManifestChunk>, source: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}

/** Vite's manifest of a client build folder (the build writes it: `build.manifest`). */
export function readClientManifest(clientDir: string): Record<string, ManifestChunk> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with the project's vite.config.ts`);
  return JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** Every file the first paint of `/` loads from a client build folder (needs `build.manifest`). */
export function measureFirstPaint(clientDir: string): FirstPaintFile[] {
  const manifest = readClientManifest(clientDir);
  for (const source of [homeRouteSource, appBodySource]) {
    if (!manifest[source]) throw new Error(`${source} is not a chunk of this build`);
  }

  // index.html itself (its <style> is the entry's CSS, inlined at build), then what it names.
  const shell = ['index.html', ...shellFiles(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'))];
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedWithEntry = new Set([...shell, ...(entry ? routeFiles(manifest, entry) : [])]);
  const afterShell = new Set([...routeFiles(manifest, appBodySource), ...routeFiles(manifest, homeRouteSource)]);
  const route = [...afterShell].filter((file) => !loadedWithEntry.has(file));
  return [
    ...shell.map((file) => describe(clientDir, file, 'shell')),
    ...route.map((file) => describe(clientDir, file, 'route')),
  ];
}

export function totalGzip(files: readonly FirstPaintFile[], kind: FirstPaintFile['kind'], part: FirstPaintFile['part']): number {
  return files.filter((file) => file.kind === kind && file.part === part).reduce((sum, file) => sum + file.gzipBytes, 0);
}
