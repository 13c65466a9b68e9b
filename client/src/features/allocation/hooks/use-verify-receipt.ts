import { useMutation } from '@tanstack/react-query';
import { checkReceipt, type ReceiptCheck } from '@shared/allocation-receipt';
import { webCryptoSha256 } from '../web-crypto-sha256';

export type ReceiptVerdict = ReceiptCheck | { outcome: 'unsupported' };

/** Checks a receipt file in the browser with Web Crypto: no request leaves the page. */
async function verifyReceipt(file: File): Promise<ReceiptVerdict> {
  const sha256 = webCryptoSha256();
  if (!sha256) return { outcome: 'unsupported' };
  // A receipt is a few kilobytes; anything far larger is not one.
  if (file.size > 1_000_000) return { outcome: 'unreadable' };
  return checkReceipt(sha256, await file.text());
}

export function useVerifyReceipt() {
  return useMutation({ mutationKey: ['allocation', 'verify-receipt'], mutationFn: verifyReceipt });
}
