import { leatherWallet } from './leather';
import { okxWallet } from './okx';
import { unisatWallet } from './unisat';
import type { WalletAdapter } from './wallet-adapter';
import { xverseWallet } from './xverse';

/** The browser wallets ordinals holders use, in the order the picker lists them. */
export const walletAdapters: readonly WalletAdapter[] = [unisatWallet, xverseWallet, leatherWallet, okxWallet];
