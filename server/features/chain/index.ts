export { createChainService } from './chain.service.js';
export { default as chainRoutes } from './chain.routes.js';
