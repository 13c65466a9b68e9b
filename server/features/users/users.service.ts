export {
  findUserByWallet,
  insertUserIfAbsent,
  markWalletProtected,
  setBlocked,
  touchLogin,
} from './users.repository.js';
export { toUserView } from './user-view.js';
