import { brand } from '../../../shared/brand.js';
import type { GenerationLanguage } from '../../../shared/schemas/language.js';

const { collectionName, tokenTicker } = brand;

/** Offline tweet parts: an opening naming the prompt's topic, then a line about the collection. */
export const tweetTemplates: Readonly<
  Record<GenerationLanguage, { openings: readonly string[]; middles: readonly string[] }>
> = {
  en: {
    openings: ['Thinking about {topic} today.', 'Hot take on {topic}:', 'Quick thought on {topic}.', 'Let us talk about {topic}.'],
    middles: [
      `${collectionName} holders know that patience is the real alpha on Bitcoin.`,
      `Every ${tokenTicker} holder is part of a community that builds on Bitcoin itself.`,
      `${collectionName} bring art, culture and a little squirrel energy to ordinals.`,
      `Bitcoin ordinals keep proving that culture lives on-chain, and ${collectionName} are here for it.`,
    ],
  },
  // The topic sits between Chinese punctuation, so a Latin topic needs no spacing around it.
  zh: {
    openings: ['今天一直在琢磨：{topic}。', '暴论预警：{topic}。', '简单聊两句“{topic}”。', '关于“{topic}”，说点真心话。'],
    middles: [
      `${collectionName} 的持有者都明白：在比特币上，耐心才是真正的 alpha。`,
      `每一位 ${tokenTicker} 持有者都是社区的一员，我们就在比特币上一起建设。`,
      `${collectionName} 给铭文圈带来了艺术、文化，还有满满的松鼠能量。`,
      `比特币铭文一次次证明，文化就活在链上，而 ${collectionName} 一直都在。`,
      `不追涨，不恐慌，囤好橡果，跟着 ${collectionName} 社区慢慢建设。`,
    ],
  },
};
