import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { RankedTable } from '@client/components/ranked-table';
import { shortWallet, tokensFormatter } from '../format';
import { CopyAddressButton } from './copy-address-button';

function ShortWallet({ address }: { address: string }) {
  const short = shortWallet(address);
  if (!short) return <span className="mono">{address}</span>;
  return (
    <>
      {/* Sighted users read the short form (the full one on hover); screen readers get the full address. */}
      <span className="mono alloc-holders__wallet" title={address} aria-hidden="true">
        {short.head}...
        <wbr />
        {short.tail}
      </span>
      <span className="visually-hidden">{address}</span>
    </>
  );
}

/** The short wallet and a button copying the full one; `copyLabel` names the row ('… holder #2'). */
function WalletCell({ address, copyLabel }: { address: string; copyLabel: string }) {
  return (
    <span className="alloc-address">
      <span className="alloc-address__text">
        <ShortWallet address={address} />
      </span>
      <CopyAddressButton address={address} label={copyLabel} compact />
    </span>
  );
}

/** One ranked wallet: from the allocation list (tokens) or the points list (tokens and points). */
interface HolderRow {
  key: string;
  walletAddress: string;
  tokens: number;
  /** Only the points list has them; the column shows when the rows carry them. */
  points?: number;
}

interface HoldersTableProps {
  labelledBy: string;
  holders: readonly HolderRow[];
  firstRank: number;
  /** The page in view while the next one loads. */
  stale: boolean;
}

export function HoldersTable({ labelledBy, holders, firstRank, stale }: HoldersTableProps) {
  const { t, language } = useLanguage();
  const rank = (index: number) => formatNumber(firstRank + index, language);
  const withPoints = holders.some((holder) => holder.points !== undefined);
  const tokens = tokensFormatter(holders.map((holder) => holder.tokens), language);

  return (
    <RankedTable
      labelledBy={labelledBy}
      stale={stale}
      rankHeader={t.allocation.rank}
      rank={(_, index) => rank(index)}
      rows={holders}
      rowKey={(holder) => holder.key}
      columns={[
        {
          header: t.allocation.wallet,
          rowHeader: true,
          cell: (holder, index) => <WalletCell address={holder.walletAddress} copyLabel={t.allocation.copyHolderAddress(rank(index))} />,
        },
        { header: t.allocation.tokens, numeric: true, cell: (holder) => tokens(holder.tokens) },
        ...(withPoints
          ? [{ header: t.allocation.points, numeric: true, cell: (holder: HolderRow) => formatNumber(holder.points ?? 0, language) }]
          : []),
      ]}
    />
  );
}
