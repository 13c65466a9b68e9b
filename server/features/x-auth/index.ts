export { countLinkedAccounts, findUsersByHandlePrefix, handlesOfUsers, listXBindings } from './linked-accounts.repository.js';
export { assertAccountStillEligible, deleteStaleOauthStates, findTwitterAccountByUser, requireTwitterAccount, toTwitterAccountView, type XDeps } from './x-auth.service.js';
export { default as xAuthRoutes } from './x-auth.routes.js';
export { findUsersWithTwitterAccount } from './linked-users.repository.js';
