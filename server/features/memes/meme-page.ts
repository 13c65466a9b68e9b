import escapeHtml from 'escape-html';
import type { FastifyPluginAsync } from 'fastify';
import { brand, memeShareHashtags } from '@shared/brand';
import { trackingCodePattern } from '@shared/schemas/memes';
import type { MemeRow } from '../../platform/db/schema.js';
import { findMemeByTrackingCode } from './memes.repository.js';
import { memeHeight, memeWidth } from './render-meme.js';
import type { ViewDeps } from './meme-view.js';

// Without a client build (API-only runs) the tags still go into a minimal document.
const bareDocument = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title></title></head><body><div id="root"></div></body></html>';
const validCode = new RegExp(trackingCodePattern);

function metaTags(deps: ViewDeps, meme: MemeRow): string {
  const pageUrl = `${deps.publicUrl}/meme/${meme.tracking_code}`;
  const imageUrl = `${deps.publicUrl}${deps.store.urlOf(meme.image_file)}`;
  const title = `${meme.meme_text} | ${brand.productName} Meme Studio`;
  const description = `A meme from the ${brand.productName} Meme Studio. Make your own! ${memeShareHashtags.join(' ')}`;
  const tags: Array<[attribute: 'property' | 'name', key: string, value: string]> = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', `${brand.productName} Meme Studio`],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(memeWidth)],
    ['property', 'og:image:height', String(memeHeight)],
    ['property', 'og:image:alt', meme.meme_text],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
}

/**
 * Puts the page's own head tags in place of the SPA's title; every value is HTML-escaped. The
 * replacements are functions: a string replacement would expand `$&`, `` $` `` and `$'` in the text.
 */
function withHead(html: string, head: string): string {
  const withoutTitle = html.replace(/<title>[\s\S]*?<\/title>/, () => '');
  return withoutTitle.replace('</head>', () => `    ${head}\n  </head>`);
}

/**
 * `/meme/{trackingCode}`: the SPA page, served with Open Graph and Twitter-card tags so the link
 * previews as the meme itself; an unknown code answers 404 with the SPA's not-found card.
 */
export function memePage(deps: ViewDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { trackingCode: string } }>('/meme/:trackingCode', async (request, reply) => {
      const html = app.spaHtml ?? bareDocument;
      const { trackingCode } = request.params;
      const meme = validCode.test(trackingCode) ? await findMemeByTrackingCode(app.db, trackingCode) : undefined;
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!meme) {
        const head = `<title>Meme Not Found | ${escapeHtml(brand.productName)}</title>\n    <meta name="robots" content="noindex" />`;
        return reply.status(404).send(withHead(html, head));
      }
      return reply.send(withHead(html, metaTags(deps, meme)));
    });
  };
}
