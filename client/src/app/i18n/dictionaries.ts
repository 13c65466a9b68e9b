import type { Language } from '@client/lib/i18n/types';
import type { CoreDictionary, Dictionary, FeatureDictionary } from './dictionary';
import { en } from './en';

/**
 * The first paint carries only the English core (shell, home page). Chinese, and the
 * other pages' namespaces of either language, are separate chunks fetched when needed: a page that shows
 * them waits for `loadFeatures` (FeatureTexts), a language switch for `loadDictionary`, and main.tsx for
 * the stored language's `loadCore` before the first render.
 *
 * Each language has one object, filled in place as its parts arrive, so a `t` handed out before a
 * page's namespaces loaded reads them once they are there; every namespace is fetched before any
 * component reading it renders.
 */
const dictionaries: Record<Language, Partial<Dictionary>> = { en: { ...en }, zh: {} };

const coreLoaders: Record<Exclude<Language, 'en'>, () => Promise<CoreDictionary>> = {
  zh: async () => (await import('./zh')).zh,
};
const featureLoaders: Record<Language, () => Promise<FeatureDictionary>> = {
  en: async () => (await import('./en-features')).enFeatures,
  zh: async () => (await import('./zh-features')).zhFeatures,
};

/** The language's dictionary; complete for the namespaces loaded so far. */
export function dictionaryFor(language: Language): Dictionary {
  return dictionaries[language] as Dictionary;
}

type Tracked = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const pending = new Map<string, Tracked>();

/** One promise per part, marked fulfilled when done so React's `use` does not suspend on it again. */
function loadOnce(key: string, load: () => Promise<void>): Tracked {
  let promise = pending.get(key);
  if (!promise) {
    const tracked: Tracked = load().then(
      () => {
        tracked.status = 'fulfilled';
        tracked.value = undefined;
      },
      (error: unknown) => {
        pending.delete(key); // a failed fetch (e.g. offline) may be retried
        throw error;
      },
    );
    promise = tracked;
    pending.set(key, promise);
  }
  return promise;
}

export function loadCore(language: Language): Tracked {
  if (language === 'en') return Object.assign(Promise.resolve(), { status: 'fulfilled' as const });
  return loadOnce(`${language}:core`, async () => {
    Object.assign(dictionaries[language], await coreLoaders[language]());
  });
}

export function isCoreLoaded(language: Language): boolean {
  return loadCore(language).status === 'fulfilled';
}

/** The namespaces of every page but home, for pages that show them (see FeatureTexts). */
export function loadFeatures(language: Language): Tracked {
  return loadOnce(`${language}:features`, async () => {
    Object.assign(dictionaries[language], await featureLoaders[language]());
  });
}

/** Everything a page of this language may show (a language switch waits for this). */
export async function loadDictionary(language: Language): Promise<void> {
  await Promise.all([loadCore(language), loadFeatures(language)]);
}
