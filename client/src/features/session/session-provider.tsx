import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@shared/schemas/auth';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { isSessionExpired, userQueryOptions } from './api/get-user';
import { logoutRequest } from './api/logout';
import { ServedSignedOut } from './served-signed-out';
import { emptySession, readStoredSession, writeStoredSession, type StoredSession } from './session-storage';

interface SessionContextValue extends StoredSession {
  isInitialised: boolean;
  login: (user: User) => void;
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { t } = useLanguage();
  const servedSignedOut = useContext(ServedSignedOut);
  const [session, setSession] = useState<StoredSession>(emptySession);
  // Served signed out, the page knows its session from its first render, as the prerendered HTML shows it.
  const [isInitialised, setIsInitialised] = useState(servedSignedOut);

  // Layout effect: the stored session is applied before the first paint, so no logged-out flash.
  useLayoutEffect(() => {
    // The server saw no session cookie: a stored session is over, and the effect below forgets it.
    if (servedSignedOut) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read once the page is in the browser, before its first paint
    setSession(readStoredSession());
    setIsInitialised(true);
  }, [servedSignedOut]);

  useEffect(() => {
    if (isInitialised) writeStoredSession(session);
  }, [isInitialised, session]);

  const { username, isLoggedIn } = session;
  const userQuery = useQuery(userQueryOptions(username, isInitialised && Boolean(username) && isLoggedIn));

  // The server no longer knows this session cookie: forget the local session quietly.
  const expired = isSessionExpired(userQuery.error);
  useEffect(() => {
    if (!expired) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the server's answer, once per expiry
    setSession(emptySession);
    queryClient.clear();
  }, [expired, queryClient]);

  const login = useCallback((user: User) => {
    setSession({ username: user.walletAddress, isLoggedIn: true });
  }, []);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // The local session ends regardless; the cookie expires on its own.
    }
    setSession(emptySession);
    queryClient.clear();
    toast({ title: t.session.disconnectedTitle, description: t.session.disconnectedText });
  }, [queryClient, t]);

  const value = useMemo(
    () => ({ username, isLoggedIn, isInitialised, login, logout }),
    [username, isLoggedIn, isInitialised, login, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used within a SessionProvider');
  return context;
}
