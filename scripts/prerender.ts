import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { type PagesIndex, pagesFolder, pagesIndexFile } from '../shared/prerendered-pages-index.js';
import { writeCompressedSiblings } from './precompress.js';

/** What client/src/prerender.tsx's renderPages answers (built for Node by the build below). */
interface RenderedPages {
  routePaths: string[];
  pages: { routePath: string; language: string; signedOut: boolean; html: string; lang: string; title: string; description: string }[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Renders in a worker thread, ended afterwards: the app's modules keep timers (react-query's cache)
 * that would hold the build's process open, and they stay out of its module cache.
 */
async function renderInWorker(entryUrl: string): Promise<RenderedPages> {
  const code = `import(${JSON.stringify(entryUrl)})
    .then((entry) => entry.renderPages())
    .then((rendered) => require('node:worker_threads').parentPort.postMessage(rendered))`;
  const worker = new Worker(code, { eval: true });
  try {
    return await new Promise<RenderedPages>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the prerender worker exited with ${code}`)));
    });
  } finally {
    await worker.terminate();
  }
}

/** The route's module under client/src/app/routes/ and the page's file name: one word from URL to file. */
const pageName = (routePath: string) => (routePath === '/' ? 'home' : routePath === '*' ? 'not-found' : routePath.slice(1));

/** The CSS files a chunk loads with it: its own and those of the chunks it imports statically. */
function cssOf(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((imported) => cssOf(manifest, imported, seen))];
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
/** Text for a double-quoted HTML attribute (index.html's and each page's meta description). */
export const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/**
 * A disabled stylesheet link per CSS file inlined above: never fetched nor applied, it tells Vite's
 * preload helper the file is on the page, which would otherwise append it again while the page is
 * hydrated and make the browser parse it and restyle the whole prerendered page a second time.
 */
function inlinedMarks(files: string[]): string {
  return files.map((file) => `<link rel="stylesheet" href="/${file}" disabled />`).join('');
}

function pageDocument(
  template: string,
  page: { html: string; lang: string; title: string; description: string; signedOut: boolean },
  css: { text: string; files: string[] },
): string {
  // React writes no inline script for a prerendered tree; one here would break the CSP (script-src 'self').
  if (/<script(?![^>]*\bsrc=)/i.test(page.html)) throw new Error('prerendered HTML contains an inline script');
  // React puts the resources it preloads (the page's images) first; they belong in <head>.
  const hoisted = /^(?:<link [^>]*\/>)*/.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hoisted.length);
  const style = css.text ? `<style>${css.text.replaceAll('</style', '<\\/style')}</style>${inlinedMarks(css.files)}` : '';
  const replaced = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${page.lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, (_, start: string) => `${start}${escapeAttribute(page.description)}"`)
    .replace('</head>', () => `    ${hoisted}${style}\n  </head>`)
    // main.tsx reads the mark: the session provider starts signed out, as the HTML shows it.
    .replace('<div id="root"></div>', () => `<div id="root"${page.signedOut ? ' data-session="signed-out"' : ''}>${body}</div>`);
  if (!replaced.includes(body)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!replaced.includes(escapeAttribute(page.description))) throw new Error('index.html has no <meta name="description">');
  return replaced;
}

/**
 * After the client build: builds client/src/prerender.tsx for Node and writes each prerendered page in
 * each language into <outDir>/pages/<language>/<name>.html (index.html with the page in #root, its
 * language and title, and its chunks' CSS inlined as the entry's is), compressed like the rest.
 */
async function writePages(config: ResolvedConfig, outDir: string): Promise<void> {
  const projectRoot = path.dirname(config.configFile ?? path.join(config.root, '..', 'vite.config.ts'));
  // Inside the project, so the built entry resolves react and the rest from node_modules.
  const cacheDir = path.join(projectRoot, 'node_modules', '.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const serverDir = fs.mkdtempSync(path.join(cacheDir, 'prerender-'));
  try {
    await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: 'src/prerender.tsx',
        outDir: serverDir,
        emptyOutDir: true,
        manifest: false,
        copyPublicDir: false,
        minify: false,
        rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
      },
    });
    const rendered = await renderInWorker(pathToFileURL(path.join(serverDir, 'prerender.mjs')).href);
    const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    const inlinedAlready = new Set(entryKey ? cssOf(manifest, entryKey) : []);

    const index: PagesIndex = { routePaths: rendered.routePaths, pages: {}, signedOutOnly: [], languages: [] };
    for (const page of rendered.pages) {
      const name = pageName(page.routePath);
      const routeKey = `src/app/routes/${name}.tsx`;
      if (!manifest[routeKey]) throw new Error(`${routeKey} is not a chunk of the client build`);
      const cssFiles = [...new Set([...cssOf(manifest, 'src/app/app-body.tsx'), ...cssOf(manifest, routeKey)])];
      const inlined = cssFiles.filter((file) => !inlinedAlready.has(file));
      const css = { text: inlined.map((file) => fs.readFileSync(path.join(outDir, file), 'utf8')).join(''), files: inlined };
      const file = path.join(outDir, pagesFolder, page.language, `${name}.html`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageDocument(template, page, css));
      writeCompressedSiblings(file);
      index.pages[page.routePath] = name;
      if (page.signedOut && !index.signedOutOnly.includes(page.routePath)) index.signedOutOnly.push(page.routePath);
      if (!index.languages.includes(page.language)) index.languages.push(page.language);
    }
    fs.writeFileSync(path.join(outDir, pagesFolder, pagesIndexFile), JSON.stringify(index, null, 2));
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

/** The prerender step of `vite build` (client build only: the Node build it starts is an SSR build). */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await writePages(config, path.resolve(config.root, config.build.outDir));
    },
  };
}
