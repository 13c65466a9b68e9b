export { assertOwnCollection } from './collection.service.js';
export { default as collectionRoutes } from './collection.routes.js';
