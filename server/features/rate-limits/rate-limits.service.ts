export { deleteEndedRateLimits } from './rate-limits.repository.js';
