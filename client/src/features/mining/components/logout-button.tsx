import { useState } from 'react';
import { useSession } from '@client/features/session';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function LogoutButton() {
  const { t } = useLanguage();
  const { logout } = useSession();
  const [isPending, setIsPending] = useState(false);

  const onClick = async () => {
    setIsPending(true);
    try {
      await logout();
    } finally {
      setIsPending(false);
    }
  };

  return (
    <button type="button" className="button button--ghost" disabled={isPending} onClick={() => void onClick()}>
      {t.mining.logout}
    </button>
  );
}
