export { type PruneCounts, pruneExpired } from './pruning.service.js';
export { deleteUserSessions, listSessionHistory, recordAdminCall } from './sessions.service.js';
export { default as authRoutes } from './auth.routes.js';
export { default as sessionsRoutes } from './sessions.routes.js';
export { default as session } from './session.plugin.js';
export { findUsersWithSessions } from './session-holders.repository.js';
