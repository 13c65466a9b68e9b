import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function CheckTokensPage() {
  const { t } = useLanguage();
  const links = [
    { to: '/allocation', label: t.pages.checkTokensAllocation },
    { to: '/tokenomics', label: t.pages.checkTokensTokenomics },
    { to: '/tokens', label: t.pages.checkTokensTokens },
  ];

  return (
    <>
      <h1>{t.pages.checkTokensTitle}</h1>
      <ul className="link-cards">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="card link-card">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
