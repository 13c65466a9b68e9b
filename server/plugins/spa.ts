import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { notFound } from '../errors.js';
import { uploadsPrefix } from '../features/uploads/upload-store.js';
import { simulatedXPrefix } from '../x-mode.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html, or null when the client has not been built (API-only tests). */
    spaHtml: string | null;
  }
}

const immutable = 'public, max-age=31536000, immutable';

/** The path as the router sees it (`/%75ploads/...` is `/uploads/...`). */
function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Serves the built client: hashed assets cached forever, index.html never cached, and every
 * unknown non-API GET answered with the SPA so the client router decides. Unknown /api paths (and the
 * simulated X's, which exists only in simulated mode), missing uploads and assets are JSON 404s.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const indexFile = path.join(config.clientDir, 'index.html');
    const html = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
    app.decorate('spaHtml', html);

    if (html !== null) {
      await app.register(fastifyStatic, {
        root: config.clientDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders(res, filePath) {
          const relative = path.relative(config.clientDir, filePath);
          const header = relative.startsWith(`assets${path.sep}`)
            ? immutable
            : relative === 'index.html'
              ? 'no-cache'
              : 'public, max-age=3600';
          res.setHeader('cache-control', header);
        },
      });
    }

    // Files, not pages: a missing one is a 404, never the app (an image URL answered with HTML
    // would show a broken card, and a missing script chunk would fail with a MIME error).
    const notPages = ['/api/', `${simulatedXPrefix}/`, uploadsPrefix, '/assets/'];
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !notPages.some((prefix) => decodedPath(request.url).startsWith(prefix));
      if (!isPage || html === null) {
        throw notFound('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  },
  { name: 'spa' },
);
