import { adminZh } from '@client/features/admin/i18n-zh';
import { allocationZh } from '@client/features/allocation/i18n-zh';
import { disputesZh } from '@client/features/disputes/i18n-zh';
import { memesZh } from '@client/features/memes/i18n-zh';
import { miningZh } from '@client/features/mining/i18n-zh';
import { tokenomicsZh } from '@client/features/tokenomics/i18n-zh';
import { walletZh } from '@client/features/wallet/i18n-zh';
import type { FeatureDictionary } from './dictionary';
import { errorsZh } from './errors-zh';

export const zhFeatures: FeatureDictionary = {
  mining: miningZh,
  allocation: allocationZh,
  disputes: disputesZh,
  admin: adminZh,
  tokenomics: tokenomicsZh,
  memes: memesZh,
  wallet: walletZh,
  errors: errorsZh,
};
