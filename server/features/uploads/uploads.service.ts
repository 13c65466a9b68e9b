export type { UploadStore } from './upload-store.js';
