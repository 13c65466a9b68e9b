import { useLanguage } from '@client/lib/i18n/language-provider';

/** Shown instead of a page that failed to load or render (e.g. a stale chunk after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useLanguage();
  console.error(error);

  return (
    <section className="card" role="alert">
      <h1>{t.app.errorTitle}</h1>
      <p>{t.app.errorText}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        {t.app.reload}
      </button>
    </section>
  );
}
