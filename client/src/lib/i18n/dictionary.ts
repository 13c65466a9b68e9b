import type { en } from './en';

export type Language = 'en' | 'zh';

export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

/** Same keys and call signatures as `en`, with plain string values, so a missing translation fails to compile. */
export type Dictionary = Widen<typeof en>;

export const htmlLang: Record<Language, string> = { en: 'en', zh: 'zh-CN' };
