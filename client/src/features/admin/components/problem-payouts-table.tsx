import type { DistributionResponse, ProblemPayout } from '@shared/schemas/admin-distribution';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** The payouts the explorers showed did not pay, each with why in words. */
export function ProblemPayoutsTable({ problems }: { problems: DistributionResponse['problems'] }) {
  const { t, language } = useLanguage();
  const s = t.admin.distribution;
  if (problems.total === 0) return <p>{s.noProblems}</p>;
  const count = (value: number) => formatNumber(value, language);
  return (
    <div className="admin__table-wrap">
      <table className="admin__table">
        <caption>{s.problemsCaption(count(problems.payouts.length), count(problems.total), problems.total > problems.payouts.length)}</caption>
        <thead>
          <tr>
            <th scope="col">{s.colWallet}</th>
            <th scope="col">{s.colCategory}</th>
            <th scope="col">{s.colTransaction}</th>
            <th scope="col">{s.colReason}</th>
          </tr>
        </thead>
        <tbody>
          {problems.payouts.map((payout) => (
            <tr key={`${payout.walletAddress} ${payout.category}`}>
              <th scope="row" className="admin__mono">
                {payout.walletAddress}
              </th>
              <td>{payout.category}</td>
              <td className="admin__mono">{payout.vout === null ? payout.txid : `${payout.txid}:${payout.vout}`}</td>
              <td>
                <ProblemReason payout={payout} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProblemReason({ payout }: { payout: ProblemPayout }) {
  const { t, language } = useLanguage();
  const s = t.admin.distribution;
  const at = (iso: string | null) => (iso === null ? '?' : formatDateTime(iso, language));
  const text =
    payout.reason === 'wrong_address'
      ? payout.vout === null
        ? s.wrongAddress
        : s.wrongOutput(String(payout.vout))
      : payout.reason === 'dropped'
        ? s.dropped(at(payout.firstSeenAt))
        : s.notFound(at(payout.recordedAt));
  return (
    <>
      <strong>{s.states[payout.reason]}</strong>
      <div>{text}</div>
    </>
  );
}
