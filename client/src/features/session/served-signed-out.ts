import { createContext } from 'react';

/**
 * True when the page came prerendered as a visitor without a session sees it: the server sends that
 * page only to a request without a session cookie, so there is no session to restore, and a session
 * still stored in the browser is one the server has ended.
 */
export const ServedSignedOut = createContext(false);
