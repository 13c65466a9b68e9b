import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { uploadsPrefix } from '../../platform/public-paths.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';

const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Uploaded and rendered images, from whichever store holds them (a folder or the database), so any
 * process serves what any other wrote. Names are content hashes: cached forever, and the name is
 * the entity tag.
 */
const uploadsStatic: FastifyPluginAsync<{ store: UploadStore }> = async (app, { store }) => {
  app.get<{ Params: { name: string } }>(`${uploadsPrefix}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const data = store.isStoredName(name) ? await store.find(name) : null;
    if (!data) throw notFound('NOT_FOUND', `No image ${uploadsPrefix}${name}`);
    const etag = `"${name.slice(0, name.indexOf('.'))}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      // Shared previews are fetched by other sites' crawlers and embedded in chat apps.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(contentTypes[name.slice(name.lastIndexOf('.') + 1)]!).send(data);
  });
};

export default uploadsStatic;
