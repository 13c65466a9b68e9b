import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@client/components/spinner';
import { useLanguage } from '@client/lib/i18n/language-provider';

// Long enough for the message to be read, short enough not to feel like a wait.
const REDIRECT_DELAY_MS = 300;

export function CalculatorPage() {
  const { t } = useLanguage();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => navigate('/allocation', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return <Spinner label={t.pages.calculatorRedirecting} />;
}
