export { grantRole, isAdminRole, listRoles, revokeRole, type RoleChange } from './admin.service.js';
export { default as adminRoutes } from './admin.routes.js';
export { setWalletBlocked } from './moderation.service.js';
