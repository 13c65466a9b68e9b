// Type helpers for the dictionaries; this file imports nothing so feature dictionaries can use it freely.

export type Language = 'en' | 'zh';

export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

export const htmlLang: Record<Language, string> = { en: 'en', zh: 'zh-CN' };
