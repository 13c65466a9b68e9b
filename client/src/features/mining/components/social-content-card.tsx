import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMiningOpen } from '@client/features/config';

/** SPEC section 2: the 'Social Mining & Content' card, pointing to the meme generator, with the mining phase. */
export function SocialContentCard() {
  const { t } = useLanguage();
  const headingId = useId();
  const miningOpen = useMiningOpen();

  return (
    <section className="card sm-social" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.socialTitle}</h2>
      {miningOpen === false && (
        <>
          <p className="sm-social__status">{t.mining.socialText}</p>
          <p className="muted">{t.mining.socialMemesText}</p>
        </>
      )}
      {miningOpen === true && <p className="muted">{t.mining.socialOpenText}</p>}
      <Link to="/memes" className="button button--secondary">
        {t.mining.memeGenerator}
      </Link>
    </section>
  );
}
