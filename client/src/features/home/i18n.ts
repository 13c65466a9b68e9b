import type { Widen } from '@client/lib/i18n/dictionary';

/** Texts of the home page and the collection promo card. */
export const homeEn = {
  title: 'Welcome',
} as const;

export const homeZh: Widen<typeof homeEn> = {
  title: '欢迎',
};
