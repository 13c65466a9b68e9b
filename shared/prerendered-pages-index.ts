/** Where the build writes its prerendered pages (scripts/prerender.ts) and the server reads them (server/platform/http/prerendered-pages.ts). */
export const pagesFolder = 'pages';
export const pagesIndexFile = 'pages.json';

/** The written pages: each route path (`*` the not-found page) to its name, the file under pages/<language>/. */
export interface PagesIndex {
  /** Every route path of the client router: the server tells a client route from a missing page by them. */
  routePaths: string[];
  pages: Record<string, string>;
  /** Route paths prerendered as a visitor without a session sees them: the server sends them only without a session cookie. */
  signedOutOnly: string[];
  languages: string[];
}
