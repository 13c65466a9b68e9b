import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { languageCookie } from '@shared/page-language';
import { pagesFolder } from '@shared/prerendered-pages-index';
import type { AppConfig } from '../config.js';
import { notFound } from '../errors.js';
import { sessionCookieName, uploadsPrefix } from '../public-paths.js';
import { simulatedXPrefix } from '../x-mode.js';
import { requestCookies } from './cookies.js';
import { pageLanguage } from './page-language.js';
import { type HtmlAnswer, htmlAnswer, loadPrerenderedPages } from './prerendered-pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built index.html, or null when the client has not been built (API-only tests). */
    spaHtml: string | null;
  }
}

const immutable = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

const encodingByHeader = new Map<string, Encoding | null>();

/**
 * preferredEncoding, remembered per header value: browsers send a handful of them, and parsing one
 * was a twentieth of a page answer's cost. Bounded, so a client sending endless variants cannot
 * grow it.
 */
function rememberedEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  let encoding = encodingByHeader.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = preferredEncoding(acceptEncoding);
    if (encodingByHeader.size >= 100) encodingByHeader.clear();
    encodingByHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** The client's preferred encoding among br and gzip (`q=0` refuses one), or null for identity. */
function preferredEncoding(acceptEncoding: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** The path as the router sees it (`/%75ploads/...` is `/uploads/...`). */
function decodedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Serves the built client: hashed assets cached forever, pages never cached, and every unknown non-API
 * GET answered with a page: a prerendered one (pages/, written by the build) in the reader's language
 * where there is one, else the SPA's index.html, and the client router decides. Unknown /api paths (and
 * the simulated X's, which exists only in simulated mode), missing uploads and assets are JSON 404s.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const indexFile = path.join(config.clientDir, 'index.html');
    const index = fs.existsSync(indexFile) ? htmlAnswer(indexFile) : null;
    const html = index?.html ?? null;
    app.decorate('spaHtml', html);
    const prerendered = index === null ? null : loadPrerenderedPages(config.clientDir);

    if (html !== null) {
      await app.register(fastifyStatic, {
        root: config.clientDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // The build writes .br/.gz siblings (vite.config.ts); they are served in place of the file,
        // never under their own URL. The prerendered pages are answered below, by their page's URL.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', `${pagesFolder}/**`],
        setHeaders(res, filePath) {
          res.setHeader('vary', 'accept-encoding');
          const relative = path.relative(config.clientDir, filePath).replace(/\.(?:br|gz)$/, '');
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
    const sendPage = (request: FastifyRequest, reply: FastifyReply, page: HtmlAnswer) => {
      const pathname = decodedPath(request.url);
      const cookies = requestCookies(request);
      const language = pageLanguage(cookies[languageCookie], request.headers['accept-language']);
      const hasSession = cookies[sessionCookieName] !== undefined;
      const answer = prerendered?.(pathname, request.url.includes('?'), language, hasSession) ?? page;
      // The same URL answers another language by the cookie or Accept-Language.
      reply
        .status(answer.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie, accept-language')
        .type('text/html; charset=utf-8');
      if (answer.lang) reply.header('content-language', answer.lang);
      if (pathname === '/admin' || pathname.startsWith('/admin/')) reply.header('x-robots-tag', 'noindex');
      const encoding = rememberedEncoding(request.headers['accept-encoding']);
      if (encoding === null) reply.send(answer.html);
      else reply.header('content-encoding', encoding).send(answer[encoding]);
    };
    // The home page, the most asked for, as a route of its own: no miss in the router, no path checks.
    if (index !== null) app.get('/', (request, reply) => sendPage(request, reply, index));
    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !notPages.some((prefix) => decodedPath(request.url).startsWith(prefix));
      if (!isPage || index === null) {
        throw notFound('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
      }
      sendPage(request, reply, index);
    });
  },
  { name: 'spa' },
);
