import type { TokenAllocation } from '@shared/schemas/tokens';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/app/i18n/language-provider';
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
}

export function HoldersTable({ labelledBy, allocations, firstRank }: HoldersTableProps) {
  const { t, language } = useLanguage();

  return (
    <table className="alloc-holders" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className="alloc-holders__rank">
            {t.allocation.rank}
          </th>
          <th scope="col">{t.allocation.wallet}</th>
          <th scope="col" className="alloc-holders__num">
            {t.allocation.tokens}
          </th>
          <th scope="col" className="alloc-holders__num">
            {t.allocation.points}
          </th>
        </tr>
      </thead>
      <tbody>
        {allocations.map((allocation, index) => {
          const rank = formatNumber(firstRank + index, language);
          return (
            <tr key={allocation.id}>
              <td className="alloc-holders__rank numeric">{rank}</td>
              <td>
                <WalletCell address={allocation.walletAddress} copyLabel={t.allocation.copyHolderAddress(rank)} />
              </td>
              <td className="alloc-holders__num numeric">{formatTokens(allocation.allocatedTokens, language)}</td>
              <td className="alloc-holders__num numeric">{formatNumber(allocation.finalPoints, language)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
