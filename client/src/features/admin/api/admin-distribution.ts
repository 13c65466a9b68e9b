import { useQuery } from '@tanstack/react-query';
import type { DistributionResponse } from '@shared/schemas/admin-distribution';
import { getJson } from '@client/lib/api-client';
import { adminBaseKey } from './get-admin-me';

/** The owed list as an allocation file; the browser downloads it (the server sends it as an attachment). */
export const owedCsvUrl = '/api/admin/distribution/owed.csv';

/** What was paid of the allocation list, per category and payout state, the problem payouts and the check's last run. */
export function useDistribution() {
  return useQuery({
    queryKey: [...adminBaseKey, 'distribution'],
    queryFn: () => getJson<DistributionResponse>('/api/admin/distribution'),
    retry: false,
  });
}
