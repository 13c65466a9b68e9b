export { refreshPointsStats } from './tokens-stats.repository.js';
export { default as tokensRoutes } from './tokens.routes.js';
export { countPointsAllocationsOfSource, deletePointsAllocationsOfSource, hasAnyPointsAllocation, hasPointsAllocationsOfSource, insertPointsAllocationsOfSource } from './source-points.repository.js';
