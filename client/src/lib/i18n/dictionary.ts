/**
 * Every text the pages show, by namespace. Filled in by declaration merging in app/i18n/dictionary.ts
 * (from the English dictionaries), so `t` is fully typed here without lib/ knowing the features.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are merged in by app/
export interface Dictionary {}
