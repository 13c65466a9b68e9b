/** Texts of the transfer that paid each category (t.allocation.payout). */
export const payoutsEn = {
  payout: {
    confirmed: (block: string) => `Transfer confirmed in block ${block}`,
    confirmations: (n: string) => (n === '1' ? '1 confirmation' : `${n} confirmations`),
    indexers: "The token amount is credited by the token's indexers.",
    unconfirmed: 'In the mempool',
    unchecked: 'Sent, not yet seen by the block explorers',
    notSent: 'Not sent yet',
    dropped: 'Dropped: no block explorer knows this transfer any more',
    notFound: 'The recorded transfer was not found by the block explorers',
    wrongAddress: 'The recorded transfer does not pay this wallet',
    stillOwed: 'These tokens are still owed.',
    /** Around the transaction's link: "(tx 1a2b…9f0e)". */
    txOpen: ' (',
    txClose: ')',
    tx: (short: string) => `tx ${short}`,
    lastChecked: (time: string) => `Last checked ${time}; the block explorers are not answering right now.`,
    releasedNotSent: 'Released — not sent yet',
    receiptTitle: 'Payouts in the receipt (not covered by the root)',
    listLabel: 'Payouts by category',
  },
} as const;
