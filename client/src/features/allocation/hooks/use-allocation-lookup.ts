import { useState, type FormEvent } from 'react';
import { type LookupManyResult, type LookupResult, maxLookupAddresses } from '@shared/schemas/allocation';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { busyRetryAfterSeconds, isBusyError } from '@client/lib/busy-retry';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLookupAllocationMutation } from '../api/lookup-allocation';
import { useLookupManyAllocationsMutation } from '../api/lookup-many-allocations';
import { formatTokens } from '../format';
import { lookupEntries } from '../lookup-entries';
import { useAddressFromBeforeReady } from './use-address-from-before-ready';

export type FoundAllocation = Extract<LookupResult, { success: true }>['allocation'];

const NOT_FOUND_TOAST_MS = 5_000;

/**
 * The lookup form's state: idle -> pending (busy answers retried) -> found / not found (hint) / error (result
 * cleared). Several addresses go to lookup-many together: each one's answer and the combined total.
 */
export function useAllocationLookup() {
  const { t, language, describeError } = useLanguage();
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<FoundAllocation | null>(null);
  const [showHint, setShowHint] = useState(false);
  const [many, setMany] = useState<LookupManyResult | null>(null);
  const mutation = useLookupAllocationMutation();
  const manyMutation = useLookupManyAllocationsMutation();

  const lookUpMany = (walletAddresses: string[]) => {
    if (walletAddresses.length > maxLookupAddresses) {
      const description = t.allocation.tooManyAddresses(formatNumber(maxLookupAddresses, language));
      toast({ title: t.allocation.errorTitle, description, variant: 'destructive' });
      return;
    }
    mutation.reset();
    manyMutation.mutate(walletAddresses, {
      onSuccess: (data) => {
        setResult(null);
        setShowHint(false);
        setMany(data);
        if (data.total.walletCount === 0) {
          toast({ title: t.allocation.notFoundTitle, description: t.allocation.notFoundText, variant: 'destructive', duration: NOT_FOUND_TOAST_MS });
          return;
        }
        const description = t.allocation.foundWallets(formatNumber(data.total.walletCount, language), formatTokens(data.total.totalTokens, language));
        toast({ title: t.allocation.successTitle, description, variant: 'success' });
      },
      onError: (error) => {
        setMany(null);
        toast({ title: t.allocation.errorTitle, description: describeError(error, t.allocation.lookupFailed), variant: 'destructive' });
      },
    });
  };

  const lookUp = (text: string) => {
    const entries = lookupEntries(text);
    if (entries.length > 1) {
      lookUpMany(entries);
      return;
    }
    const walletAddress = text.trim();
    if (!walletAddress) {
      toast({ title: t.allocation.errorTitle, description: t.allocation.emptyWallet, variant: 'destructive' });
      return;
    }
    manyMutation.reset();
    setMany(null);
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

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    lookUp(address);
  };

  const clear = () => {
    setResult(null);
    setShowHint(false);
    setMany(null);
    setAddress('');
    mutation.reset();
    manyMutation.reset();
  };

  /** A connected wallet's addresses, looked up together (one address: the single lookup). */
  const lookUpAddresses = (walletAddresses: string[]) => {
    const text = walletAddresses.join('\n');
    setAddress(text);
    lookUp(text);
  };

  useAddressFromBeforeReady(setAddress, lookUpAddresses);

  // Between automatic retries of a busy answer: how long until the next try.
  const pending = mutation.isPending ? mutation : manyMutation;
  const busyRetryInSeconds =
    pending.isPending && isBusyError(pending.failureReason) ? busyRetryAfterSeconds(pending.failureReason) : null;

  return {
    address,
    setAddress,
    result,
    showHint,
    many,
    submit,
    clear,
    lookUpAddresses,
    isPending: mutation.isPending || manyMutation.isPending,
    busyRetryInSeconds,
  };
}
