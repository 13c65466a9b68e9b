export { refreshPointsStats } from './tokens-stats.repository.js';
export { default as tokensRoutes } from './tokens.routes.js';
