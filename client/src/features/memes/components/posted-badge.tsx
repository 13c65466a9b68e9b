import { useLanguage } from '@client/lib/i18n/language-provider';

export function PostedBadge({ isPosted }: { isPosted: boolean }) {
  const { t } = useLanguage();
  return (
    <span className={`badge ${isPosted ? 'badge--success' : 'memes-badge--draft'}`}>
      {isPosted ? t.memes.posted : t.memes.draft}
    </span>
  );
}
