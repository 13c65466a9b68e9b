import * as Dialog from '@radix-ui/react-dialog';
import { useId, type ReactNode } from 'react';
import { ExternalLink } from '@client/components/external-link';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { WalletAdapter } from '../connectors/wallet-adapter';
import { walletAdapters } from '../connectors/wallets';
import '@client/styles/dialog.css';

interface WalletPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (wallet: WalletAdapter) => void;
  /** The button that opens the picker; focus returns to it when the picker closes. */
  children: ReactNode;
}

/** Lists the wallets this browser has; links to the others, or to all of them when none is installed. */
export function WalletPickerDialog({ open, onOpenChange, onPick, children }: WalletPickerDialogProps) {
  const { t } = useLanguage();
  const missingHeadingId = useId();
  // Read on every render while open: an extension may inject its provider after the page loaded.
  const installed = open ? walletAdapters.filter((wallet) => wallet.isInstalled()) : [];
  const missing = walletAdapters.filter((wallet) => !installed.includes(wallet));
  const hasWallet = installed.length > 0;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog">
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
