import { WalletError } from './wallet-adapter';

// EIP-1193's "user rejected" (Unisat, OKX, Leather) and JSON-RPC's USER_REJECTION of sats-connect (Xverse).
const rejectionCodes: ReadonlySet<number> = new Set([4001, -32000]);

/** The code of a provider error: `{ code }`, or a JSON-RPC answer's `{ error: { code } }`. */
function providerErrorCode(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, error: inner } = error as { code?: unknown; error?: unknown };
  if (code !== undefined) return code;
  return providerErrorCode(inner);
}

/** Turns whatever a wallet threw or answered with into a WalletError. */
export function toWalletError(error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const code = providerErrorCode(error);
  const kind = typeof code === 'number' && rejectionCodes.has(code) ? 'rejected' : 'failed';
  return new WalletError(kind, `Wallet request ${kind}`, { cause: error });
}

/** Runs one provider call; anything it throws becomes a WalletError. */
export async function walletCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toWalletError(error);
  }
}

/** The `result` of a JSON-RPC 2.0 answer; an `error` answer throws like a rejected promise would. */
export async function rpcResult<T>(call: () => Promise<unknown>): Promise<T> {
  const response = await walletCall(call);
  if (typeof response !== 'object' || response === null) throw toWalletError(response);
  if ('error' in response && response.error) throw toWalletError(response);
  if (!('result' in response)) throw toWalletError(response);
  return response.result as T;
}

export function noAddress(): WalletError {
  return new WalletError('no-address', 'The wallet returned no Bitcoin address');
}

export function noSignature(): WalletError {
  return new WalletError('failed', 'The wallet returned no signature');
}

export function notInstalled(): WalletError {
  return new WalletError('not-installed', 'The wallet is not installed in this browser');
}
