/**
 * The reader's language as the server sees it, to answer a prerendered page in it: the client writes
 * this cookie with every language it shows (as it stores the language), the server reads it and falls
 * back to Accept-Language.
 */
export const languageCookie = 'lang';

export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;
