import { useEffect } from 'react';
import { toast } from '@client/components/toast/use-toast';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useConnectTwitter } from '../api/get-twitter-auth-url';
import { useXOffText } from '../hooks/use-x-off-text';

interface ConnectXButtonProps {
  label: string;
  /** The X connection is being finished elsewhere (the OAuth return's exchange). */
  isBusy?: boolean;
  /** Primary where connecting X is the next step (Almost Ready!). */
  isPrimary?: boolean;
}

export function ConnectXButton({ label, isBusy = false, isPrimary = false }: ConnectXButtonProps) {
  const { t } = useLanguage();
  const { isLoggedIn } = useSession();
  const connect = useConnectTwitter();
  const xOffText = useXOffText();
  // The browser is leaving for X after a successful request; keep the button busy until it does.
  const pending = connect.isPending || Boolean(connect.data?.authUrl) || isBusy;
  const { reset } = connect;

  // Coming back with the browser's Back button may restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const onClick = () => {
    if (!isLoggedIn) {
      toast({ title: t.mining.walletRequiredTitle, description: t.mining.walletRequiredText, variant: 'destructive' });
      return;
    }
    if (xOffText) {
      toast({ title: t.mining.xOffTitle, description: xOffText, variant: 'destructive' });
      return;
    }
    connect.mutate();
  };

  return (
    <button
      type="button"
      className={`button ${isPrimary ? 'button--primary' : 'button--secondary'}`}
      disabled={!isLoggedIn || pending}
      title={isLoggedIn ? undefined : t.mining.connectWalletFirst}
      onClick={onClick}
    >
      {pending ? t.mining.connecting : label}
    </button>
  );
}
