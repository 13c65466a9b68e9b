export { findUserByWallet, insertUserIfAbsent, markWalletProtected, setBlocked, touchLogin, toUserView } from './users.service.js';
export { default as usersRoutes } from './users.routes.js';
export { countDemoUsers, deleteDemoUsers, hasAnyUser, hasDemoUsers, insertDemoUsers, keepDemoUsers, listDemoUsers } from './demo-users.repository.js';
