import { brand } from './brand.js';

/**
 * External pages the app links to without calling them (SPEC section 7). The operator sets each by
 * environment variable (an https URL); these are the defaults. The page reads them from /api/config,
 * so changing one needs a restart, not a rebuild.
 */
export const defaultExternalLinks = {
  /** Marketplace token page, where the token trades. */
  tradeToken: `https://magiceden.io/runes/${brand.tokenTicker}`,
  /** Trading link for the token on a second venue. */
  tradeTokenUnisat: `https://unisat.io/market/brc20?tick=${brand.tokenTicker}`,
  /** Balance-recovery tool for public-sale participants who paid from another address. */
  balanceRecovery: 'https://recovery.acorn-squirrels.xyz',
  /** Staking locker page for the collection. */
  stakingLocker: 'https://lock.acorn-squirrels.xyz',
  /** The collection on the two marketplaces. */
  collectionMagicEden: `https://magiceden.io/ordinals/marketplace/${brand.collectionSlug}`,
  collectionOkx: `https://www.okx.com/web3/marketplace/ordinals/name/${brand.collectionSlug}`,
} as const;

export type ExternalLinkName = keyof typeof defaultExternalLinks;
export type ExternalLinks = Record<ExternalLinkName, string>;

/** The environment variable that overrides each link. */
export const externalLinkVariables: Record<ExternalLinkName, string> = {
  tradeToken: 'LINK_TRADE_TOKEN',
  tradeTokenUnisat: 'LINK_TRADE_TOKEN_UNISAT',
  balanceRecovery: 'LINK_BALANCE_RECOVERY',
  stakingLocker: 'LINK_STAKING_LOCKER',
  collectionMagicEden: 'LINK_COLLECTION_MAGIC_EDEN',
  collectionOkx: 'LINK_COLLECTION_OKX',
};
