import type { Widen } from '@client/lib/i18n/dictionary';

/** Texts of the mining dashboard: X connection, verification, composer, claims (t.social). */
export const socialEn = {
  dashboardTitle: 'Mining Dashboard',
} as const;

export const socialZh: Widen<typeof socialEn> = {
  dashboardTitle: '挖矿面板',
};
