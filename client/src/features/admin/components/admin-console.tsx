import { NavLink, useLocation } from 'react-router-dom';
import { useSession } from '@client/features/session';
import { WalletSignIn } from '@client/features/wallet';
import { ApiError } from '@client/lib/api-error';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { type AdminMe, useAdminMe } from '../api/get-admin-me';
import { sectionsFor } from './admin-sections';
import { useNoindex } from './use-noindex';
import '../admin.css';

/** /admin: the server's answer to /api/admin/me decides what shows; every call is checked again there. */
export function AdminConsole() {
  const { t } = useLanguage();
  useNoindex();
  const { username, isLoggedIn, isInitialised } = useSession();
  const signedIn = isInitialised && isLoggedIn && Boolean(username);
  const me = useAdminMe(username, signedIn);

  return (
    <div className="stack admin">
      <h1>{t.admin.title}</h1>
      {!isInitialised || (signedIn && me.isPending) ? (
        <p role="status">{t.admin.checking}</p>
      ) : !signedIn || (me.error instanceof ApiError && me.error.status === 401) ? (
        <Entry title={t.admin.signInTitle} text={t.admin.signInText} />
      ) : me.error ? (
        <Refusal error={me.error} onRetry={() => void me.refetch()} />
      ) : (
        <Console me={me.data!} />
      )}
    </div>
  );
}

function Entry({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  const { t } = useLanguage();
  return (
    <section className="card stack admin__entry" aria-labelledby="admin-entry-title">
      <h2 id="admin-entry-title">{title}</h2>
      <p role={onRetry ? 'alert' : undefined}>{text}</p>
      <WalletSignIn />
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t.admin.checkAgain}
        </button>
      )}
    </section>
  );
}

/** The refusal in words: an address-only session and an idle console may sign in again; no role may not. */
function Refusal({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t, describeError } = useLanguage();
  const text = describeError(error, t.admin.loadFailed);
  if (error instanceof ApiError && error.is('ADMIN_SESSION_IDLE')) return <Entry title={t.admin.idleTitle} text={text} onRetry={onRetry} />;
  if (error instanceof ApiError && error.is('ADMIN_SIGNATURE_REQUIRED')) return <Entry title={t.admin.refusedTitle} text={text} onRetry={onRetry} />;
  return (
    <section className="card stack admin__entry" aria-labelledby="admin-entry-title">
      <h2 id="admin-entry-title">{t.admin.refusedTitle}</h2>
      <p role="alert">{text}</p>
    </section>
  );
}

function Console({ me }: { me: AdminMe }) {
  const { t } = useLanguage();
  const { pathname } = useLocation();
  const sections = sectionsFor(me.role);
  const path = pathname.replace(/\/+$/, '') || '/admin';
  const Section = (sections.find((section) => section.path === path) ?? sections[0]!).Component;
  return (
    <>
      <p className="muted">{t.admin.signedInAs(me.walletAddress, t.admin.roles[me.role])}</p>
      <nav aria-label={t.admin.nav} className="admin__nav">
        {sections.map((section) => (
          <NavLink key={section.path} to={section.path} end className="admin__nav-link">
            {section.label(t)}
          </NavLink>
        ))}
      </nav>
      <Section />
    </>
  );
}
