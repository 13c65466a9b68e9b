import { Link } from 'react-router-dom';
import { miningRewards } from '@shared/app-limits';
import { socialMining } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { useMiningOpen } from '@client/features/config/hooks/use-mining-open';
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
        <div className="tk-table-wrap">
          <table className="tk-table">
            <caption className="tk-table__caption">{text.rewardsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.colAction}</th>
                <th scope="col" className="tk-num">
                  {text.colPoints}
                </th>
                <th scope="col" className="tk-num">
                  {text.colVerified}
                </th>
              </tr>
            </thead>
            <tbody>
              {rewards.map((reward) => (
                <tr key={reward.key}>
                  <th scope="row">{reward.label}</th>
                  <td className="tk-num">{format.number(reward.points)}</td>
                  <td className="tk-num">{format.number(reward.verified)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
