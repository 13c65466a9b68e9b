export { getStakingLocked, parseLockedCount, setStakingLocked } from './staking.service.js';
export { default as stakingRoutes } from './staking.routes.js';
