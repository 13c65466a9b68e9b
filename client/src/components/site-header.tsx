import { Link, NavLink } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { LanguageToggle } from './language-toggle';
import '@client/styles/header.css';

export function SiteHeader() {
  const { t } = useLanguage();
  const links = [
    { to: '/allocation', label: t.nav.tokenCalculator },
    { to: '/mining', label: t.nav.mining },
    { to: '/tokenomics', label: t.nav.tokenomics },
  ];

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          <span className="site-header__mark" aria-hidden="true" />
          {t.nav.logo}
        </Link>
        <nav className="site-header__nav" aria-label={t.nav.label}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-header__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageToggle />
      </div>
    </header>
  );
}
