import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../api/get-user';
import { useSession } from '../session-provider';

/** The logged-in user's data; idle while logged out. */
export function useUser() {
  const { username, isLoggedIn, isInitialised } = useSession();
  return useQuery(userQueryOptions(username, isInitialised && Boolean(username) && isLoggedIn));
}
