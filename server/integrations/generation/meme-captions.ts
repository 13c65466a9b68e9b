import { brand, communityTheme } from '@shared/brand';
import type { GenerationLanguage } from '@shared/schemas/language';

type Captions = Readonly<Record<string, readonly string[]>>;

/** Offline caption pairs per theme: "top / bottom". The slash is the meme text split rule's break. */
export const memeCaptions: Readonly<Record<GenerationLanguage, Captions>> = {
  en: {
    crypto_degens: ['Checked the chart at 3am / still bullish on acorns', 'Leverage? / I just stack more acorns'],
    bitcoin_maximalist: ['There is no second best / there is only Bitcoin', 'Fiat printer goes brrr / squirrels keep stacking'],
    mining_life: ['Mined all night / found one acorn', 'Hashrate up / squirrel still digging'],
    hodl_gang: ['They said sell / the squirrel said HODL', 'Paper hands? / not in this forest'],
    ordinals_culture: ['Inscribed on Bitcoin / forever in the blockchain', 'Some collect art / we inscribe it'],
    brc20_hype: ['BRC-20 season / squirrels are ready', 'Minted early / still minting memes'],
    squirrel_energy: ['Maximum squirrel energy / zero sleep', 'Born to forage / forced to trade'],
    [communityTheme]: [`${brand.collectionName} gang / we stack together`, 'One acorn alone / a forest together'],
    social_mining: ['Posted one tweet / earned one hundred acorns', 'Social mining done / touching grass now'],
    web3_vibes: ['Wallet connected / vibes immaculate', 'Not your keys / not your acorns'],
  },
  zh: {
    crypto_degens: ['凌晨三点还在盯K线 / 依然看多橡果', '开杠杆？ / 不如多囤几颗橡果'],
    bitcoin_maximalist: ['没有第二选择 / 只有比特币', '法币印钞机火力全开 / 松鼠照样囤币'],
    mining_life: ['通宵挖了一整晚 / 挖到一颗橡果', '算力拉满 / 松鼠还在刨土'],
    hodl_gang: ['他们都说快跑 / 松鼠说拿住别动', '纸手？ / 这片林子里没有'],
    ordinals_culture: ['刻在比特币上 / 永远留在链上', '别人收藏艺术 / 我们把艺术铭刻上链'],
    brc20_hype: ['BRC-20 季又来了 / 松鼠早就准备好了', '早早就打了铭文 / 现在还在打梗图'],
    squirrel_energy: ['松鼠能量拉满 / 睡眠为零', '生来就爱觅食 / 却被迫天天交易'],
    [communityTheme]: [`${brand.collectionName} 一家人 / 一起囤橡果`, '一颗橡果很孤单 / 一片森林是我们'],
    social_mining: ['发了一条推 / 挖到一百颗橡果', '社交挖矿打卡完成 / 出门晒晒太阳'],
    web3_vibes: ['钱包已连接 / 氛围感拉满', '私钥不在自己手里 / 橡果就不算你的'],
  },
};

export const fallbackCaptions: Readonly<Record<GenerationLanguage, readonly string[]>> = {
  en: ['When the acorns stack / themselves', 'Trust the process / stack the acorns'],
  zh: ['橡果越囤越多 / 全靠耐心', '相信过程 / 囤好橡果'],
};
