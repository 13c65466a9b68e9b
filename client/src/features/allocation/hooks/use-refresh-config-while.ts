import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshPublicConfig } from '@client/features/config';

/** Past the countdown the server may take a few seconds to agree (it re-reads its state every 5 s). */
const revealPollMs = 2_000;

/** Re-reads the config at once and then every 2 s while `active` (the reveal is due but not yet seen). */
export function useRefreshConfigWhile(active: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    void refreshPublicConfig(client);
    const timer = setInterval(() => void refreshPublicConfig(client), revealPollMs);
    return () => clearInterval(timer);
  }, [active, client]);
}
