import { useState } from 'react';
import { usePublicConfig } from '@client/features/config';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { WalletAdapter } from '../connectors/wallet-adapter';
import { useWalletSignIn } from '../hooks/use-wallet-sign-in';
import { WalletPickerDialog } from './wallet-picker-dialog';
import '../wallet.css';

/** 'Sign in with wallet' beside the address-only Join: the wallet proves the address is the visitor's. */
export function WalletSignIn() {
  const { t } = useLanguage();
  const [open, setOpen] = useState(false);
  const { signIn, pendingWallet } = useWalletSignIn();
  const proofRequired = usePublicConfig().data?.walletProof === 'required';
  const isWaiting = pendingWallet !== undefined;

  // The picker closes first so the wallet's own window is the only thing asking for attention.
  const pick = (wallet: WalletAdapter) => {
    setOpen(false);
    signIn(wallet);
  };

  return (
    <div className="wallet-sign-in">
      <p className="wallet-sign-in__or">{t.wallet.or}</p>
      <WalletPickerDialog open={open} onOpenChange={setOpen} onPick={pick}>
        <button
          type="button"
          className={`button ${proofRequired ? 'button--primary' : 'button--secondary'}`}
          // Not `disabled` while waiting: the button keeps keyboard focus when the picker hands it back.
          aria-disabled={isWaiting}
          onClick={(event) => {
            // Stops the trigger from opening a second picker while a wallet is still being asked.
            if (isWaiting) event.preventDefault();
          }}
        >
          {isWaiting && <span className="spinner spinner--small" aria-hidden="true" />}
          {t.wallet.signInWithWallet}
        </button>
      </WalletPickerDialog>
      <p className="muted wallet-sign-in__hint">{proofRequired ? t.wallet.proofRequired : t.wallet.signInHint}</p>
      <p role="status" className="wallet-sign-in__status">
        {pendingWallet ? t.wallet.waitingFor(pendingWallet.name) : ''}
      </p>
    </div>
  );
}
