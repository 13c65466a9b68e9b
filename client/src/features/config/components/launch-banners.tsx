import { useLanguage } from '@client/lib/i18n/language-provider';
import { usePublicConfig } from '../api/get-public-config';
import './launch-banners.css';

/** The operator's pause reason and notice (`npm run launch`), at the bottom of every page's window; neither blocks the page. */
export function LaunchBanners() {
  const { t, language } = useLanguage();
  const config = usePublicConfig().data;
  const pause = config?.pause ?? null;
  const notice = config?.notice ?? null;

  return (
    <>
      {/* Always in the page, so a pause that starts while it is open is announced. */}
      <div role="status" className={pause ? 'launch-banner launch-banner--pause' : 'launch-banner--empty'}>
        {pause ? (
          <p className="launch-banner__text">
            <strong>{t.launch.pausedLead}</strong> {pause.reason}
          </p>
        ) : null}
      </div>
      {notice ? (
        <p className="launch-banner launch-banner__text" role="note">
          <strong>{t.launch.noticeLabel}</strong> {notice[language]}
        </p>
      ) : null}
    </>
  );
}
