import { useMutation } from '@tanstack/react-query';
import { allocationReceipt, receiptFileName } from '@shared/allocation-receipt';
import { getAllocationProof } from '../api/get-allocation-proof';

/** Saves the wallet's proof as a receipt file, made in the browser from GET /api/allocation/proof. */
async function downloadReceipt(walletAddress: string): Promise<void> {
  const receipt = allocationReceipt(await getAllocationProof(walletAddress), new Date());
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
