import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Verification } from '@shared/schemas/x';
import { toast } from '@client/components/toast/use-toast';
import { getJson } from '@client/lib/api-client';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { verificationQueryKey } from './get-verification';

export function refreshVerification(userId: number): Promise<Verification> {
  return getJson<Verification>(`/api/twitter/verify-blue/${userId}`);
}

/** Asks X again about the paid tier; on failure the card keeps showing the status it has. */
export function useRefreshVerification(userId: number, username: string) {
  const queryClient = useQueryClient();
  const { t } = useLanguage();

  return useMutation({
    mutationFn: () => refreshVerification(userId),
    onSuccess: (verification) => {
      queryClient.setQueryData(verificationQueryKey(userId), verification);
      // The user data carries the same flag (twitterAccount.isVerified).
      void queryClient.invalidateQueries({ queryKey: ['user', username] });
    },
    onError: () => {
      toast({ title: t.mining.refreshFailedTitle, description: t.mining.refreshFailedText, variant: 'destructive' });
    },
  });
}
