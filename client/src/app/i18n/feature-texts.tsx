import { use, type ReactNode } from 'react';
import { loadFeatures } from './dictionaries';
import { useLanguage } from '@client/lib/i18n/language-provider';

/**
 * Suspends until the other pages' namespaces of the current language are here (the home page renders
 * without them). The router has started the page's own chunk already, so neither waits for the other.
 */
export function FeatureTexts({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  use(loadFeatures(language) as Promise<void>);
  return children;
}
