import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { brand } from './shared/brand.ts';
import { siteDescription } from './shared/site-description.ts';
import { compressible, writeCompressedSiblings } from './scripts/precompress.ts';
import { escapeAttribute, prerender } from './scripts/prerender.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// index.html is static; the brand module stays the one place that names the product.
const brandTitle: Plugin = {
  name: 'brand-title',
  transformIndexHtml: (html) =>
    html.replaceAll('%PRODUCT_NAME%', brand.productName).replaceAll('%SITE_DESCRIPTION%', escapeAttribute(siteDescription.en)),
};

// The entry's stylesheet (a few kB) goes into index.html as <style> (the CSP allows inline styles, not
// scripts): one request fewer before the first paint, and nothing render-blocking. Lazy pages' CSS
// stays in files.
const inlineEntryCss: Plugin = {
  name: 'inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) =>
      html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
        const asset = bundle?.[file];
        if (asset?.type !== 'asset') return tag;
        return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
      }),
  },
};

// V8 compiles a function on its first call, on the main thread: evaluating the entry and react-dom,
// nearly all of which runs before the page is hydrated, stopped there to parse and compile function
// after function (88 of them in the entry alone), inside the longest tasks of a phone's load. This
// comment (V8's explicit compile hints, Chrome 136+) has their functions compiled while the file streams
// in, off the main thread. It must open the file, so it goes in after the minifier and after Vite puts
// its preload list first; the file's name keeps the hash of its code, which the line does not change.
const eagerlyCompiled = (chunk: { isEntry: boolean; name: string }) => chunk.isEntry || chunk.name === 'react-dom';

const compileEagerly: Plugin = {
  name: 'compile-eagerly',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && eagerlyCompiled(chunk)) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  },
};

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

// Every text file of the build gets .br and .gz siblings. Walks the folder after writing so files
// copied from public/ are included too (the prerendered pages compress their own).
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!fs.existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) {
        if (compressible.test(file)) writeCompressedSiblings(file);
      }
    },
  };
}

export default defineConfig({
  root: fromRoot('./client'),
  plugins: [react(), brandTitle, inlineEntryCss, compileEagerly, precompress(), prerender()],
  resolve: {
    alias: {
      '@client': fromRoot('./client/src'),
      '@shared': fromRoot('./shared'),
    },
  },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    // The server's CSP is `script-src 'self'`: keep every script in a file, none inline.
    modulePreload: { polyfill: false },
    // An inlined image is base64 inside a script chunk: bytes of the first paint's JavaScript that
    // compress badly and cannot be cached apart. Images stay files (the <img> has its width and height).
    assetsInlineLimit: 0,
    // The browser tests read it to find a page's chunk.
    manifest: true,
    rolldownOptions: {
      output: {
        // main.tsx imports react-dom when it starts the page, so its evaluation is a task apart from the
        // entry's: one chunk with the scheduler and react-dom's small index, which lazy pages share. React
        // itself stays in the entry, which the header renders with.
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /\/node_modules\/(?:react-dom|scheduler)\//, includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      // The simulated X (loopback, no X credentials) lives on the server's origin too.
      '/simulated-x': 'http://127.0.0.1:3000',
    },
  },
});
