import type { Widen } from '@client/lib/i18n/dictionary';

/** Texts of the allocation page (English is the source; Chinese must match its keys). */
export const allocationEn = {
  title: 'Token Allocation',
} as const;

export const allocationZh: Widen<typeof allocationEn> = {
  title: '代币分配',
};
