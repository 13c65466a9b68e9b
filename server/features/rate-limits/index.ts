export { deleteEndedRateLimits } from './rate-limits.repository.js';
export { default as costLimits } from './cost-limits.plugin.js';
export { default as rateLimits } from './rate-limits.plugin.js';
