import { adminEn } from '@client/features/admin/i18n-en';
import { allocationEn } from '@client/features/allocation/i18n-en';
import { disputesEn } from '@client/features/disputes/i18n-en';
import { memesEn } from '@client/features/memes/i18n-en';
import { miningEn } from '@client/features/mining/i18n-en';
import { tokenomicsEn } from '@client/features/tokenomics/i18n-en';
import { walletEn } from '@client/features/wallet/i18n-en';
import { errorsEn } from './errors-en';

/**
 * The namespaces no part of the home page uses: fetched with the first other page (see dictionaries.ts).
 * The failed-call messages (`errors`, read by describeError) are among them: only these pages call the API
 * in a way that can fail visibly.
 */
export const enFeatures = {
  mining: miningEn,
  allocation: allocationEn,
  disputes: disputesEn,
  admin: adminEn,
  tokenomics: tokenomicsEn,
  memes: memesEn,
  wallet: walletEn,
  errors: errorsEn,
} as const;
