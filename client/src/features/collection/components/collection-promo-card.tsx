import { useId } from 'react';
import { defaultCollectionSize } from '@shared/app-limits';
import { brand } from '@shared/brand';
import artworkUrl from '@client/assets/acorn-squirrel.svg';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCollectionStats } from '../api/get-collection-stats';
import { ExternalLink } from '@client/components/external-link';
import { useExternalLinks } from '@client/features/config';
import { UpstreamStatusNotice } from '@client/components/upstream-status';
import { useUpstreamStatus } from '@client/components/use-upstream-status';
import '../collection.css';

/** The collection at a glance, with live floor price and where to buy it (SPEC section 2). */
export function CollectionPromoCard() {
  const { t, language } = useLanguage();
  const links = useExternalLinks();
  const stats = useCollectionStats();
  const status = useUpstreamStatus(stats);
  const { data } = stats;
  const isPending = status.state === 'loading';
  const headingId = useId();
  const text = t.home.collection;

  const name = data?.data.name || brand.collectionName;
  const totalItems = data?.data.totalSupply ?? defaultCollectionSize;
  const floor = data?.data.floorPrice;

  let floorText: string;
  if (typeof floor === 'number') {
    floorText = text.btcAmount(formatNumber(floor, language, { maximumFractionDigits: 8 }));
  } else if (isPending) {
    floorText = t.app.loadingValue;
  } else {
    floorText = t.app.notAvailable;
  }

  return (
    <section className="card collection-card" aria-labelledby={headingId}>
      <img className="collection-card__image" src={artworkUrl} alt={text.imageAlt(name)} width={240} height={240} />
      <div className="collection-card__body">
        <p className="collection-card__tagline">{text.tagline}</p>
        <h2 id={headingId}>{name}</h2>
        <dl className="collection-card__facts">
          <div>
            <dt>{text.totalItems}</dt>
            <dd className="numeric">{formatNumber(totalItems, language)}</dd>
          </div>
          <div>
            <dt>{text.floorPrice}</dt>
            <dd className="numeric" aria-busy={isPending}>
              {floorText}
            </dd>
          </div>
        </dl>
        <UpstreamStatusNotice status={status} unavailableText={text.liveDataUnavailable} />
        <div className="collection-card__links">
          <ExternalLink href={links?.collectionMagicEden} className="button button--primary">
            {text.buyOn(text.magicEden)}
          </ExternalLink>
          <ExternalLink href={links?.collectionOkx} className="button button--secondary">
            {text.buyOn(text.okx)}
          </ExternalLink>
          <ExternalLink href={links?.tradeTokenUnisat} className="button button--ghost">
            {text.tradeToken}
          </ExternalLink>
        </div>
      </div>
    </section>
  );
}
