import type { FoundAllocation } from '@shared/schemas/allocation';
import { toast } from '@client/components/toast/use-toast';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useDownloadReceipt } from '../hooks/use-download-receipt';

/** "Download receipt": the wallet's proof (and its payouts) as a JSON file the holder keeps and can verify offline. */
export function ReceiptDownloadButton({ allocation }: { allocation: FoundAllocation }) {
  const { t, describeError } = useLanguage();
  const download = useDownloadReceipt();

  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(allocation, {
          onError: (error) =>
            toast({ title: t.allocation.errorTitle, description: describeError(error, t.allocation.receiptFailed), variant: 'destructive' }),
        })
      }
    >
      {download.isPending ? t.allocation.downloadingReceipt : t.allocation.downloadReceipt}
    </button>
  );
}
