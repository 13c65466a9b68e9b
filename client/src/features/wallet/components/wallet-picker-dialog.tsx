import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type ReactNode } from 'react';
import { ExternalLink } from '@client/components/external-link';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { WalletAdapter } from '../connectors/wallet-adapter';
import { walletAdapters } from '../connectors/wallets';
import { isTouchDevice } from '../connectors/in-app-browsers';
import { ManualSignIn } from './manual-sign-in';
import { PhoneWalletLinks } from './phone-wallet-links';
import '@client/styles/dialog.css';

interface WalletPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (wallet: WalletAdapter) => void;
  /** The button that opens the picker; focus returns to it when the picker closes. */
  children: ReactNode;
}

/**
 * Lists the wallets this browser has, says when another extension answers in a wallet's place, offers
 * signing with any other wallet by hand, and on a phone without a wallet the wallet apps' browsers;
 * links to the wallets to install.
 */
export function WalletPickerDialog({ open, onOpenChange, onPick, children }: WalletPickerDialogProps) {
  const { t } = useLanguage();
  const missingHeadingId = useId();
  const [view, setView] = useState<'list' | 'manual'>('list');
  // Read on every render while open: an extension may inject its provider after the page loaded.
  const installed = open ? walletAdapters.filter((wallet) => wallet.isInstalled()) : [];
  const missing = walletAdapters.filter((wallet) => !installed.includes(wallet));
  const hasWallet = installed.length > 0;
  const claims = open
    ? walletAdapters.flatMap((wallet) => {
        const claim = wallet.claim?.();
        return claim ? [{ wallet, claim }] : [];
      })
    : [];
  const changeOpen = (next: boolean) => {
    if (!next) setView('list');
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className={view === 'manual' ? 'dialog dialog--wide' : 'dialog'}>
          {view === 'manual' ? (
            <>
              <Dialog.Title className="dialog__title">{t.wallet.manualTitle}</Dialog.Title>
              <Dialog.Description className="visually-hidden">{t.wallet.manualButtonHint}</Dialog.Description>
              <ManualSignIn onSignedIn={() => changeOpen(false)} />
              <div className="actions wallet-dialog__actions">
                <button type="button" className="button button--ghost" onClick={() => setView('list')}>
                  {t.wallet.back}
                </button>
                <Dialog.Close asChild>
                  <button type="button" className="button button--ghost">
                    {t.wallet.close}
                  </button>
                </Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Title className="dialog__title">{t.wallet.pickerTitle}</Dialog.Title>
              <Dialog.Description className="muted">
                {hasWallet ? t.wallet.pickerText : t.wallet.noWalletText}
              </Dialog.Description>
              {hasWallet && (
                <ul className="wallet-dialog__list" aria-label={t.wallet.installedLabel}>
                  {installed.map((wallet) => (
                    <li key={wallet.id}>
                      <button
                        type="button"
                        className="button button--secondary wallet-dialog__wallet"
                        onClick={() => onPick(wallet)}
                      >
                        {wallet.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {claims.map(({ wallet, claim }) => (
                <p key={wallet.id} className="wallet-dialog__claim" role="note">
                  {claim.blocked
                    ? t.wallet.claimedBy(claim.name ?? t.wallet.anotherExtension, wallet.name)
                    : t.wallet.alsoClaimedBy(claim.name ?? t.wallet.anotherExtension, wallet.name)}
                </p>
              ))}
              <div className="wallet-dialog__manual">
                <button type="button" className="button button--secondary wallet-dialog__wallet" onClick={() => setView('manual')}>
                  {t.wallet.manualButton}
                </button>
                <p className="muted wallet-manual__hint">{t.wallet.manualButtonHint}</p>
              </div>
              {!hasWallet && open && isTouchDevice() && <PhoneWalletLinks />}
              {hasWallet && missing.length > 0 && (
                <h3 id={missingHeadingId} className="wallet-dialog__subtitle">
                  {t.wallet.otherWalletsLabel}
                </h3>
              )}
              {missing.length > 0 && (
                <ul
                  className="wallet-dialog__links"
                  aria-labelledby={hasWallet ? missingHeadingId : undefined}
                  aria-label={hasWallet ? undefined : t.wallet.installLabel}
                >
                  {missing.map((wallet) => (
                    <li key={wallet.id}>
                      <ExternalLink href={wallet.installUrl}>{t.wallet.getWallet(wallet.name)}</ExternalLink>
                    </li>
                  ))}
                </ul>
              )}
              <div className="actions wallet-dialog__actions">
                <Dialog.Close asChild>
                  <button type="button" className="button button--ghost">
                    {t.wallet.close}
                  </button>
                </Dialog.Close>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
