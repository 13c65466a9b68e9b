import { useState, type FormEvent } from 'react';
import type { LookupResult } from '@shared/schemas/allocation';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { busyRetryAfterSeconds, isBusyError } from '@client/lib/busy-retry';
import { useLookupAllocationMutation } from '../api/lookup-allocation';
import { formatTokens } from '../format';

export type FoundAllocation = Extract<LookupResult, { success: true }>['allocation'];

const NOT_FOUND_TOAST_MS = 5_000;

/** The lookup form's state: idle -> pending (busy answers retried) -> found / not found (hint) / error (result cleared). */
export function useAllocationLookup() {
  const { t, language, describeError } = useLanguage();
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<FoundAllocation | null>(null);
  const [showHint, setShowHint] = useState(false);
  const mutation = useLookupAllocationMutation();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const walletAddress = address.trim();
    if (!walletAddress) {
      toast({ title: t.allocation.errorTitle, description: t.allocation.emptyWallet, variant: 'destructive' });
      return;
    }
    // Per-call callbacks: only the latest lookup may change what the page shows.
    mutation.mutate(walletAddress, {
      onSuccess: (data) => {
        if (data.success) {
          setResult(data.allocation);
          setShowHint(false);
          toast({
            title: t.allocation.successTitle,
            description: t.allocation.foundTokens(formatTokens(data.allocation.totalTokens, language)),
            variant: 'success',
          });
          return;
        }
        setResult(null);
        setShowHint(true);
        toast({
          title: t.allocation.notFoundTitle,
          description: t.allocation.notFoundText,
          variant: 'destructive',
          duration: NOT_FOUND_TOAST_MS,
        });
      },
      onError: (error) => {
        setResult(null);
        setShowHint(false);
        toast({ title: t.allocation.errorTitle, description: describeError(error, t.allocation.lookupFailed), variant: 'destructive' });
      },
    });
  };

  const clear = () => {
    setResult(null);
    setShowHint(false);
    setAddress('');
    mutation.reset();
  };

  // Between automatic retries of a busy answer: how long until the next try.
  const busyRetryInSeconds =
    mutation.isPending && isBusyError(mutation.failureReason) ? busyRetryAfterSeconds(mutation.failureReason) : null;

  return { address, setAddress, result, showHint, submit, clear, isPending: mutation.isPending, busyRetryInSeconds };
}
