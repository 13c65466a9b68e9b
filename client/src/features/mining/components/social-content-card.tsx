import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '@client/app/i18n/language-provider';

/** SPEC section 2: the 'Social Mining & Content' card, pointing to the meme generator. */
export function SocialContentCard() {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <section className="card sm-social" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.socialTitle}</h2>
      <p className="sm-social__status">{t.mining.socialText}</p>
      <p className="muted">{t.mining.socialMemesText}</p>
      <Link to="/memes" className="button button--secondary">
        {t.mining.memeGenerator}
      </Link>
    </section>
  );
}
