import { useMutation } from '@tanstack/react-query';
import { allocationReceipt, receiptFileName } from '@shared/allocation-receipt';
import type { FoundAllocation } from '@shared/schemas/allocation';
import { getAllocationProof } from '../api/get-allocation-proof';

/**
 * Saves the wallet's proof as a receipt file, made in the browser from GET /api/allocation/proof, with
 * the payouts the lookup showed once any are recorded.
 */
async function downloadReceipt(allocation: FoundAllocation): Promise<void> {
  const payouts = allocation.payoutsRecorded ? allocation.categories.map(({ category, payout }) => ({ category, ...payout })) : undefined;
  const receipt = allocationReceipt(await getAllocationProof(allocation.walletAddress), new Date(), payouts);
  const blob = new Blob([`${JSON.stringify(receipt, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = receiptFileName(receipt);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadReceipt() {
  return useMutation({ mutationKey: ['allocation', 'receipt'], mutationFn: downloadReceipt });
}
