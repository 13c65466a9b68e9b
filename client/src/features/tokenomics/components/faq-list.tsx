import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { miningRewards } from '@shared/app-limits';
import { publicSale, seasonOne, socialMining, totalSupply } from '@shared/tokenomics';
import { whaleReleaseTargets } from '@shared/whale-bonus';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config';
import { useFormat } from '../hooks/use-format';
import '../tokenomics.css';
import '../faq.css';

interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
  link?: { to: string; label: string };
}

export function FaqList() {
  const { t } = useLanguage();
  const text = t.tokenomics.faq;
  const format = useFormat();
  const miningOpen = useMiningOpen();
  const split = seasonOne.forfeitSplitPercents;
  const [first, second, third] = whaleReleaseTargets.map((target) =>
    text.releaseItem(format.percent(target.percent), format.number(target.blocksAfterTge), format.number(target.targetBlock)),
  );

  const items: FaqItem[] = [
    { id: 'token', question: text.tokenQ, answer: text.tokenA(format.tokens(totalSupply)), link: { to: '/tokenomics', label: text.tokenLink } },
    { id: 'allocation', question: text.allocationQ, answer: text.allocationA, link: { to: '/allocation', label: text.allocationLink } },
    { id: 'official', question: text.officialQ, answer: text.officialA },
    { id: 'releases', question: text.releasesQ, answer: text.releasesA(first ?? '', second ?? '', third ?? '') },
    {
      id: 'sell',
      question: text.sellQ,
      answer: (
        <>
          <p>{text.sellA}</p>
          <p>{text.sellForfeits(format.percent(split.treasury), format.percent(split.seasonTwo), format.percent(split.seasonThree))}</p>
        </>
      ),
    },
    {
      id: 'mining',
      question: text.miningQ,
      answer: (
        <>
          <p>
            {text.miningA(
              format.number(miningRewards.tweetPoints),
              format.number(miningRewards.memePoints),
              format.number(miningRewards.verifiedTweetPoints),
              format.number(miningRewards.verifiedMemePoints),
            )}
          </p>
          <p>
            {text.miningPool(
              format.percent(socialMining.percent),
              format.tokens(socialMining.tokens),
              format.number(socialMining.registeredUsers),
              format.number(socialMining.legitimateUsers),
            )}
          </p>
        </>
      ),
    },
    // Left out until the server has said which phase it is, rather than guessed.
    ...(miningOpen === undefined
      ? []
      : [
          miningOpen
            ? { id: 'open', question: text.openQ, answer: text.openYesA, link: { to: '/mining', label: text.miningLink } }
            : { id: 'open', question: text.openQ, answer: text.openA, link: { to: '/allocation', label: text.allocationLink } },
        ]),
    {
      id: 'sale',
      question: text.saleQ,
      answer: text.saleA(
        format.tokens(publicSale.tokens),
        format.number(publicSale.pledgingHours),
        format.percent(publicSale.proceedsToLiquidityPercent),
        format.tokens(publicSale.marketCapCeiling),
        format.number(publicSale.hardCapBtcApprox),
        format.compact(publicSale.raisedUsdApprox, { style: 'currency', currency: 'USD' }),
      ),
    },
  ];

  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.id} className="card faq__item">
          <summary className="faq__question">{item.question}</summary>
          <div className="faq__answer">
            {typeof item.answer === 'string' ? <p>{item.answer}</p> : item.answer}
            {item.link ? (
              <Link to={item.link.to} className="tk-link">
                {item.link.label}
              </Link>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}
