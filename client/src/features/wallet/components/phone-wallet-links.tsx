import { useId } from 'react';
import { ExternalLink } from '@client/components/external-link';
import { useCopyText } from '@client/components/use-copy-text';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { inAppBrowsers } from '../connectors/in-app-browsers';

/** For a phone without a wallet provider: this page opened inside a wallet app's own browser. */
export function PhoneWalletLinks() {
  const { t } = useLanguage();
  const copy = useCopyText(t.wallet.pageLinkToasts);
  const pageUrl = window.location.href;
  const titleId = useId();

  return (
    <section className="wallet-dialog__phone" aria-labelledby={titleId}>
      <h3 id={titleId} className="wallet-dialog__subtitle">
        {t.wallet.phoneTitle}
      </h3>
      <p className="muted">{t.wallet.phoneText}</p>
      <ul className="wallet-dialog__links">
        {inAppBrowsers.map((wallet) => (
          <li key={wallet.id}>
            <ExternalLink href={wallet.href(pageUrl)}>{t.wallet.openIn(wallet.name)}</ExternalLink>
          </li>
        ))}
      </ul>
      <p className="muted">{t.wallet.unisatPhone}</p>
      <button type="button" className="button button--ghost" onClick={() => void copy(pageUrl)}>
        {t.wallet.copyPageLink}
      </button>
    </section>
  );
}
