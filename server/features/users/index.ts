export { countRankedAbove, countRankedUsers, listRankedUsers } from './points-ranking.repository.js';
export { countUsers } from './user-counts.repository.js';
export { awardPointsOffCooldown, changeUserPoints, findUserPoints } from './user-points.repository.js';
export { findUsersByWalletPrefix } from './user-search.repository.js';
export { toUserView } from './user-view.js';
export { findUserById, findUserByWallet, insertUserIfAbsent, markWalletProtected, setBlocked, touchLogin, walletsOfUsers } from './users.repository.js';
export { default as usersRoutes } from './users.routes.js';
export { countDemoUsers, deleteDemoUsers, hasAnyUser, hasDemoUsers, insertDemoUsers, keepDemoUsers, listDemoUsers } from './demo-users.repository.js';
export { countBlockedUsersWithPoints, listAllocatableUsers } from './allocatable-users.repository.js';
