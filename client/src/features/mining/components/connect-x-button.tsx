import { toast } from '@client/components/toast/use-toast';
import { useSession } from '@client/features/session/session-provider';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useConnectTwitter } from '../api/get-twitter-auth-url';

export function ConnectXButton({ label }: { label: string }) {
  const { t } = useLanguage();
  const { isLoggedIn } = useSession();
  const connect = useConnectTwitter();

  const onClick = () => {
    if (!isLoggedIn) {
      toast({ title: t.mining.walletRequiredTitle, description: t.mining.walletRequiredText, variant: 'destructive' });
      return;
    }
    connect.mutate();
  };

  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={!isLoggedIn || connect.isPending}
      title={isLoggedIn ? undefined : t.mining.connectWalletFirst}
      onClick={onClick}
    >
      {connect.isPending ? t.mining.connecting : label}
    </button>
  );
}
