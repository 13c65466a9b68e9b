import { isRestorableSessionWallet } from '@shared/wallet';
import { readStorage, removeStorage, writeStorage } from '@client/lib/storage';

const USERNAME_KEY = 'username';
const LOGGED_IN_KEY = 'isLoggedIn';

export interface StoredSession {
  username: string;
  isLoggedIn: boolean;
}

export const emptySession: StoredSession = { username: '', isLoggedIn: false };

/** SPEC section 4: restored only when the flag is 'true' and the wallet has a known prefix. */
export function readStoredSession(): StoredSession {
  const username = readStorage(USERNAME_KEY);
  const flag = readStorage(LOGGED_IN_KEY);
  if (flag === 'true' && username && isRestorableSessionWallet(username)) {
    return { username, isLoggedIn: true };
  }
  return emptySession;
}

/** Writes both values, or clears both when either is missing. */
export function writeStoredSession({ username, isLoggedIn }: StoredSession): void {
  if (username && isLoggedIn) {
    writeStorage(USERNAME_KEY, username);
    writeStorage(LOGGED_IN_KEY, 'true');
  } else {
    removeStorage(USERNAME_KEY);
    removeStorage(LOGGED_IN_KEY);
  }
}
