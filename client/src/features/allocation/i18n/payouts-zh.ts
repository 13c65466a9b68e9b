import type { Widen } from '@client/lib/i18n/types';
import type { payoutsEn } from './payouts-en';

export const payoutsZh: Widen<typeof payoutsEn> = {
  payout: {
    confirmed: (block: string) => `转账已在区块 ${block} 中确认`,
    confirmations: (n: string) => `${n} 个确认`,
    indexers: '代币数量由该代币的索引器记入。',
    unconfirmed: '在内存池中（待确认）',
    unchecked: '已发送，区块浏览器尚未看到',
    notSent: '尚未发送',
    dropped: '已被丢弃：区块浏览器已不再知道这笔转账',
    notFound: '区块浏览器未找到所记录的转账',
    wrongAddress: '所记录的转账并未支付到此钱包',
    stillOwed: '这些代币仍待发放。',
    txOpen: '（',
    txClose: '）',
    tx: (short: string) => `交易 ${short}`,
    lastChecked: (time: string) => `最后检查于 ${time}；区块浏览器暂时没有响应。`,
    releasedNotSent: '已释放 — 尚未发送',
    receiptTitle: '凭证中的发放记录（不在根的证明范围内）',
    listLabel: '按类别的发放情况',
  },
};
