import type { Widen } from '@client/lib/i18n/dictionary';

/** Texts of the tokenomics, FAQ, tokens and check-tokens pages. */
export const tokenomicsEn = {
  title: 'Tokenomics',
} as const;

export const tokenomicsZh: Widen<typeof tokenomicsEn> = {
  title: '代币经济',
};
