import { brand } from '../../../shared/brand.js';

/** Offline caption pairs per theme: "top / bottom". */
export const memeCaptions: Record<string, readonly string[]> = {
  crypto_degens: ['Checked the chart at 3am / still bullish on acorns', 'Leverage? / I just stack more acorns'],
  bitcoin_maximalist: ['There is no second best / there is only Bitcoin', 'Fiat printer goes brrr / squirrels keep stacking'],
  mining_life: ['Mined all night / found one acorn', 'Hashrate up / squirrel still digging'],
  hodl_gang: ['They said sell / the squirrel said HODL', 'Paper hands? / not in this forest'],
  ordinals_culture: ['Inscribed on Bitcoin / forever in the blockchain', 'Some collect art / we inscribe it'],
  brc20_hype: ['BRC-20 season / squirrels are ready', 'Minted early / still minting memes'],
  squirrel_energy: ['Maximum squirrel energy / zero sleep', 'Born to forage / forced to trade'],
  [`${brand.productName.toLowerCase()}_community`]: [
    `${brand.collectionName} gang / we stack together`,
    'One acorn alone / a forest together',
  ],
  social_mining: ['Posted one tweet / earned one hundred acorns', 'Social mining done / touching grass now'],
  web3_vibes: ['Wallet connected / vibes immaculate', 'Not your keys / not your acorns'],
};

export const fallbackCaptions = ['When the acorns stack / themselves', 'Trust the process / stack the acorns'];
