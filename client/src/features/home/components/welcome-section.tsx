import { useLanguage } from '@client/lib/i18n/language-provider';
import '../home.css';

export function WelcomeSection() {
  const { t } = useLanguage();
  return (
    <section className="welcome">
      <h1>{t.pages.homeTitle}</h1>
      <p className="welcome__purpose">{t.home.purpose}</p>
    </section>
  );
}
