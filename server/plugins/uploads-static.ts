import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { uploadsPrefix, type UploadStore } from '../features/uploads/upload-store.js';

/** Uploaded and rendered images: content-addressed names, so they are cached forever. */
const uploadsStatic: FastifyPluginAsync<{ store: UploadStore }> = async (app, { store }) => {
  fs.mkdirSync(store.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: store.root,
    prefix: uploadsPrefix,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      // Shared previews are fetched by other sites' crawlers and embedded in chat apps.
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
};

export default uploadsStatic;
