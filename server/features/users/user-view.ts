import type { User as UserView } from '@shared/schemas/auth';
import type { User } from '../../platform/db/schema.js';

export function toUserView(user: User): UserView {
  return {
    id: user.id,
    walletAddress: user.wallet_address,
    totalAcornMined: user.total_points,
    walletProtected: user.wallet_protected_at !== null,
  };
}
