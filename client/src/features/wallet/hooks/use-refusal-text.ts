import type { SignatureFormat, SignatureInvalidReason } from '@shared/schemas/auth';
import { isApiError } from '@client/lib/api-error';
import { useLanguage } from '@client/lib/i18n/language-provider';

function adviceKey(address: string): 'taproot' | 'legacy' | 'segwit' {
  if (address.startsWith('bc1p')) return 'taproot';
  return address.startsWith('1') ? 'legacy' : 'segwit';
}

/**
 * What a failed sign-in says: for SIGNATURE_INVALID the reason the server gave (another address, other
 * text, a format this address cannot make) in the page's language; otherwise the error's own words.
 */
export function useRefusalText() {
  const { t, describeError } = useLanguage();

  return (error: unknown, address: string): string => {
    if (!isApiError(error, 'SIGNATURE_INVALID')) return describeError(error);
    const { reason, signer, signatureFormat } = error.details as {
      reason?: SignatureInvalidReason;
      signer?: string;
      signatureFormat?: SignatureFormat;
    };
    const reasons = t.wallet.failedReasons;
    switch (reason) {
      case 'other-address':
        return reasons['other-address'](signer ?? null, address);
      case 'other-message':
        return reasons['other-message'];
      case 'wrong-format': {
        const format = t.wallet.formatNames[signatureFormat ?? 'legacy'];
        return `${reasons['wrong-format'](format, address)} ${t.wallet.formatAdvice[adviceKey(address)]}`;
      }
      case 'not-verified':
        return reasons['not-verified'];
      default:
        return describeError(error);
    }
  };
}
