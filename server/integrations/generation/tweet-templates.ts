import { brand } from '@shared/brand';
import type { GenerationLanguage } from '@shared/schemas/language';

const { collectionName, tokenTicker } = brand;

/**
 * Offline tweet parts: an opening naming the prompt's topic, then sentences built from a subject,
 * a predicate and a tail, each drawn on its own. Any subject fits any predicate and any tail, so
 * 16^3 sentences per language, three of them per tweet (two next to a long topic): two people asking
 * the same prompt get tweets that share the topic but little else (issue 13, duplicate posts).
 */
export interface TweetParts {
  openings: readonly string[];
  subjects: readonly string[];
  predicates: readonly string[];
  tails: readonly string[];
}

export const tweetTemplates: Readonly<Record<GenerationLanguage, TweetParts>> = {
  en: {
    openings: [
      'Thinking about {topic} today.',
      'Hot take on {topic}:',
      'Quick thought on {topic}.',
      'Let us talk about {topic}.',
      'Been chewing on {topic} all morning.',
      'Real talk about {topic}:',
      'Everyone is asking about {topic}.',
      'My two sats on {topic}:',
    ],
    // Plural subjects, so every predicate agrees with every subject.
    // Plural subjects, so every predicate agrees with every subject; short parts, so three sentences fit.
    subjects: [
      'Squirrel holders',
      'Collectors',
      'Ordinals builders',
      'Long-term holders',
      'Acorn stackers',
      'Patient holders',
      'My fellow squirrels',
      'Real ordinals fans',
      'Quiet builders',
      'BRC-20 diehards',
      'Forest folk',
      `${tokenTicker} believers`,
      'Early squirrels',
      'True collectors',
      'Bitcoin natives',
      'Night-shift miners',
    ],
    predicates: [
      'keep stacking acorns',
      'know patience is alpha',
      'keep building on Bitcoin',
      'bring art to ordinals',
      'treat dips as gifts',
      'pick culture over candles',
      'play the long game',
      'count time in blocks',
      'turn memes into friends',
      'keep the forest growing',
      'ignore the noise',
      'show up every day',
      'hold through seasons',
      'make Bitcoin fun',
      'inscribe history',
      'keep culture on-chain',
    ],
    tails: [
      'whatever the chart says.',
      'while others panic.',
      'and that is the point.',
      'one block at a time.',
      'even when unseen.',
      'long after the hype.',
      'in winter and summer.',
      'with zero regrets.',
      'as conviction compounds.',
      'and the forest remembers.',
      'without permission.',
      'on the oldest chain.',
      'and I love it.',
      'like it is normal.',
      'for the culture.',
      'season after season.',
    ],
  },
  // The topic sits between Chinese punctuation, so a Latin topic needs no spacing around it.
  zh: {
    openings: [
      '今天一直在琢磨：{topic}。',
      '暴论预警：{topic}。',
      '简单聊两句“{topic}”。',
      '关于“{topic}”，说点真心话。',
      '一早上都在想“{topic}”。',
      '大家都在问：{topic}。',
      '说说我对“{topic}”的看法。',
      '聊聊{topic}。',
    ],
    subjects: [
      `每一位 ${collectionName} 持有者`,
      '松鼠社区的老朋友们',
      '真正的铭文玩家',
      '长期持有的松鼠们',
      '囤橡果的人',
      '比特币上的建设者',
      '安静的收藏家们',
      '我们这些松鼠',
      'BRC-20 的老玩家',
      '整片森林的伙伴',
      '有信念的持有者',
      `每个 ${tokenTicker} 持有者`,
      '铭文圈的老炮',
      '坚持打卡的矿工',
      '爱松鼠的朋友们',
      '慢慢囤币的人',
    ],
    predicates: [
      '都在默默囤橡果',
      '都明白耐心才是真正的 alpha',
      '一直在比特币上建设',
      '把艺术和文化带进了铭文',
      '把每一次回调当成礼物',
      '更在乎文化而不是K线',
      '看得清长期的方向',
      '用区块而不是天数来计时',
      '把梗图变成了社区',
      '让这片森林越长越大',
      '无视噪音继续刨土',
      '每天都准时出现',
      '熬过了每一个季节',
      '让比特币变得更有趣',
      '一笔一笔写下历史',
      '把文化永远刻在链上',
    ],
    tails: [
      '，不管K线怎么走。',
      '，哪怕别人都在恐慌。',
      '，这就是全部意义。',
      '，一个区块接一个区块。',
      '，就算没人在看。',
      '，热度退了也一样。',
      '，冬天夏天都一样。',
      '，从来不后悔。',
      '，因为信念会复利。',
      '，森林都记得。',
      '，不需要任何人批准。',
      '，就在最古老的链上。',
      '，看着就开心。',
      '，像呼吸一样自然。',
      '，为了文化而不是涨跌。',
      '，一季又一季。',
    ],
  },
};
