import type { TokenAllocation } from '@shared/schemas/tokens';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { RankedTable } from '@client/components/ranked-table';
import { formatTokens, shortWallet } from '../format';
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

interface HoldersTableProps {
  labelledBy: string;
  allocations: readonly TokenAllocation[];
  firstRank: number;
  /** The page in view while the next one loads. */
  stale: boolean;
}

export function HoldersTable({ labelledBy, allocations, firstRank, stale }: HoldersTableProps) {
  const { t, language } = useLanguage();
  const rank = (index: number) => formatNumber(firstRank + index, language);

  return (
    <RankedTable
      labelledBy={labelledBy}
      stale={stale}
      rankHeader={t.allocation.rank}
      rank={(_, index) => rank(index)}
      rows={allocations}
      rowKey={(allocation) => String(allocation.id)}
      columns={[
        {
          header: t.allocation.wallet,
          rowHeader: true,
          cell: (allocation, index) => (
            <WalletCell address={allocation.walletAddress} copyLabel={t.allocation.copyHolderAddress(rank(index))} />
          ),
        },
        { header: t.allocation.tokens, numeric: true, cell: (allocation) => formatTokens(allocation.allocatedTokens, language) },
        { header: t.allocation.points, numeric: true, cell: (allocation) => formatNumber(allocation.finalPoints, language) },
      ]}
    />
  );
}
