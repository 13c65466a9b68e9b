export { createUploadStore } from './create-upload-store.js';
export { pruneUnusedUploads, type UploadPruneCounts } from './upload-pruning.service.js';
export { default as uploadsRoutes } from './uploads.routes.js';
export { default as uploadsStatic } from './uploads-static.plugin.js';
