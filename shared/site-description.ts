import { brand } from './brand.js';

/** The pages' meta description in each language: index.html's is the English one, each prerendered page has its language's. */
export const siteDescription = {
  en: `Look up your ${brand.productName} token allocation, read the tokenomics and staking seasons, and browse the community's memes.`,
  zh: `查询你的 ${brand.productName} 代币分配，阅读代币经济与质押季，浏览社区的表情包。`,
} as const;
