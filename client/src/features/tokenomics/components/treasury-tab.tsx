import { Link } from 'react-router-dom';
import { oneOfOneBonus, treasuryItems } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { FactList } from './fact-list';
import { Section } from './section';
import { shareOf } from './share-of-supply';
import { useFormat } from '../hooks/use-format';

export function TreasuryTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.treasury;
  const format = useFormat();
  const share = shareOf('treasury');
  const items = [
    { key: 'partnership', label: text.partnership, tokens: treasuryItems.partnership },
    { key: 'artifactHolders', label: text.artifactHolders, tokens: treasuryItems.artifactHolders },
    { key: 'airdropEvent', label: text.airdropEvent, tokens: treasuryItems.airdropEvent },
  ];

  return (
    <Section title={text.heading}>
      <FactList
        facts={[
          {
            label: text.share,
            value: t.tokenomics.units.shareOfSupply(format.percent(share.percent), format.tokens(share.tokens)),
          },
        ]}
      />
      <h3 className="tk-subheading">{text.itemsHeading}</h3>
      <div className="tk-table-wrap">
        <table className="tk-table">
          <caption className="tk-table__caption">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.colItem}</th>
              <th scope="col" className="tk-num">
                {text.colTokens}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key}>
                <th scope="row">{item.label}</th>
                <td className="tk-num">{format.tokens(item.tokens)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">
                <Link to="?tab=oneofones">{text.oneOfOne}</Link>
              </th>
              <td className="tk-num">{format.tokens(oneOfOneBonus.totalTokens)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted">{text.oneOfOneNote}</p>
    </Section>
  );
}
