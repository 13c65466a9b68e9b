export { countPointsAllocationsOfSource, deletePointsAllocationsOfSource, findPointsWalletsOfOtherSources, type NewPointsAllocation } from './point-allocations-source.repository.js';
export { replacePointsAllocations } from './point-allocations-source.service.js';
export { refreshPointsStats } from './point-allocations-stats.repository.js';
export { default as pointAllocationsRoutes, pointAllocationsPrefix } from './point-allocations.routes.js';
export { hasAnyPointsAllocation, hasPointsAllocationsOfSource, insertPointsAllocationsOfSource } from './source-points.repository.js';
