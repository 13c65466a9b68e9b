import { brand } from './brand.js';

/**
 * External pages the app links to without calling them (SPEC section 7). They are the product's
 * public pages, not configuration: change them here and every page follows.
 */
export const externalLinks = {
  /** Marketplace token page, where the token trades. */
  tradeToken: `https://magiceden.io/runes/${brand.tokenTicker}`,
  /** Balance-recovery tool for public-sale participants who paid from another address. */
  balanceRecovery: 'https://recovery.acorn-squirrels.xyz',
  /** Staking locker page for the collection. */
  stakingLocker: 'https://lock.acorn-squirrels.xyz',
  /** The collection on the two marketplaces. */
  collectionMagicEden: `https://magiceden.io/ordinals/marketplace/${brand.collectionSlug}`,
  collectionOkx: `https://www.okx.com/web3/marketplace/ordinals/name/${brand.collectionSlug}`,
  /** Trading link for the token on a second venue. */
  tradeTokenUnisat: `https://unisat.io/market/brc20?tick=${brand.tokenTicker}`,
} as const;
