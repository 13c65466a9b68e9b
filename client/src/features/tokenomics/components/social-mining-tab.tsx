import { Link } from 'react-router-dom';
import { miningRewards } from '@shared/app-limits';
import { socialMining } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { useMiningOpen } from '@client/features/config';
import { FactList } from './fact-list';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

export function SocialMiningTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.socialMining;
  const format = useFormat();
  const miningOpen = useMiningOpen();
  const rewards = [
    { key: 'tweet', label: text.customTweet, points: miningRewards.tweetPoints, verified: miningRewards.verifiedTweetPoints },
    { key: 'meme', label: text.memePost, points: miningRewards.memePoints, verified: miningRewards.verifiedMemePoints },
  ];

  return (
    <>
      {miningOpen === false && (
        <div className="card tk-banner" role="status">
          <p>
            <strong>{text.completeTitle}</strong> - {text.completeText}
          </p>
          <Link to="/allocation" className="button button--primary">
            {text.checkAllocation}
          </Link>
        </div>
      )}
      {miningOpen === true && (
        <div className="card tk-banner" role="status">
          <p>
            <strong>{text.openTitle}</strong> - {text.openText}
          </p>
          <Link to="/mining" className="button button--primary">
            {text.goMining}
          </Link>
        </div>
      )}
      <Section title={text.heading}>
        <FactList
          facts={[
            {
              label: text.share,
              value: t.tokenomics.units.shareOfSupply(
                format.percent(socialMining.percent),
                format.tokens(socialMining.tokens),
              ),
              note: text.reduced(format.tokens(socialMining.originalTokens)),
            },
            { label: text.participation, value: format.tokens(socialMining.participationTokens) },
            { label: text.holding, value: format.tokens(socialMining.holdingTokens) },
            { label: text.registered, value: format.number(socialMining.registeredUsers) },
            { label: text.legitimate, value: format.number(socialMining.legitimateUsers) },
          ]}
        />
      </Section>
      <Section title={text.rewardsHeading}>
        <DataTable
          caption={text.rewardsCaption}
          rows={rewards}
          rowKey={(reward) => reward.key}
          columns={[
            { header: text.colAction, cell: (reward) => reward.label },
            { header: text.colPoints, numeric: true, cell: (reward) => format.number(reward.points) },
            { header: text.colVerified, numeric: true, cell: (reward) => format.number(reward.verified) },
          ]}
        />
      </Section>
    </>
  );
}
