import type { Widen } from '@client/lib/i18n/types';
import type { en } from './en';
import type { enFeatures } from './en-features';

/** Same keys and call signatures as `en`, with plain string values, so a missing translation fails to compile. */
export type CoreDictionary = Widen<typeof en>;
export type FeatureDictionary = Widen<typeof enFeatures>;

declare module '@client/lib/i18n/dictionary' {
  interface Dictionary extends CoreDictionary, FeatureDictionary {}
}

export type { Dictionary } from '@client/lib/i18n/dictionary';
