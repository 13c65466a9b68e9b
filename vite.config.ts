import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { brand } from './shared/brand.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// index.html is static; the brand module stays the one place that names the product.
const brandTitle: Plugin = {
  name: 'brand-title',
  transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', brand.productName),
};

export default defineConfig({
  root: fromRoot('./client'),
  plugins: [react(), brandTitle],
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
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      // The simulated X (loopback, no X credentials) lives on the server's origin too.
      '/simulated-x': 'http://127.0.0.1:3000',
    },
  },
});
