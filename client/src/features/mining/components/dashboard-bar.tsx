import { Link } from 'react-router-dom';
import type { UserDataResponse } from '@shared/schemas/auth';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { VerifiedOwnerBadge } from '@client/features/wallet';
import { LogoutButton } from './logout-button';
import { WalletBadge } from './wallet-badge';

/** The dashboard's own header (SPEC section 2, state 2): logo, Memes, wallet, X account, logout. */
export function DashboardBar({ data }: { data: UserDataResponse }) {
  const { t } = useLanguage();
  const handle = data.twitterAccount?.handle;

  return (
    <header className="sm-bar">
      <nav className="sm-bar__nav" aria-label={t.mining.dashboardBar}>
        <Link to="/" className="sm-bar__logo">
          <span className="sm-bar__mark" aria-hidden="true" />
          {t.nav.logo}
        </Link>
        <Link to="/memes" className="sm-bar__link">
          {t.mining.memesLink}
        </Link>
      </nav>
      <div className="sm-bar__account">
        <WalletBadge address={data.user.walletAddress} />
        {data.proof.proven && <VerifiedOwnerBadge walletName={data.proof.walletName} />}
        <span className="badge badge--success sm-connected" title={handle ? t.mining.connectedAs(handle) : undefined}>
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t.mining.connected}
          {handle && <span className="sm-connected__handle">@{handle}</span>}
        </span>
        <LogoutButton />
      </div>
    </header>
  );
}
