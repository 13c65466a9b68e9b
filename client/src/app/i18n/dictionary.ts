import type { Widen } from '@client/lib/i18n/types';
import type { en } from './en';

/** Same keys and call signatures as `en`, with plain string values, so a missing translation fails to compile. */
export type Dictionary = Widen<typeof en>;
