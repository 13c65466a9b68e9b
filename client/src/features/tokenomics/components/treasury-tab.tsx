import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { oneOfOneBonus, treasuryItems } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { FactList } from './fact-list';
import { Section } from './section';
import { shareOf } from './share-of-supply';
import { useFormat } from '../hooks/use-format';

export function TreasuryTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.treasury;
  const format = useFormat();
  const share = shareOf('treasury');
  const items: { key: string; label: ReactNode; tokens: number }[] = [
    { key: 'partnership', label: text.partnership, tokens: treasuryItems.partnership },
    { key: 'artifactHolders', label: text.artifactHolders, tokens: treasuryItems.artifactHolders },
    { key: 'airdropEvent', label: text.airdropEvent, tokens: treasuryItems.airdropEvent },
    { key: 'oneOfOne', label: <Link to="?tab=oneofones">{text.oneOfOne}</Link>, tokens: oneOfOneBonus.totalTokens },
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
      <DataTable
        caption={text.caption}
        rows={items}
        rowKey={(item) => item.key}
        columns={[
          { header: text.colItem, cell: (item) => item.label },
          { header: text.colTokens, numeric: true, cell: (item) => format.tokens(item.tokens) },
        ]}
      />
      <p className="muted">{text.oneOfOneNote}</p>
    </Section>
  );
}
