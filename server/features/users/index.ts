export { findUserByWallet, insertUserIfAbsent, markWalletProtected, setBlocked, touchLogin, toUserView } from './users.service.js';
export { default as usersRoutes } from './users.routes.js';
export { countBlockedUsersWithPoints, listAllocatableUsers } from './allocatable-users.repository.js';
