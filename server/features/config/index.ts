export { buildPublicConfig } from './public-config.js';
export { default as configRoutes } from './config.routes.js';
