import type { AfterRevealCheck } from '@shared/schemas/allocation-roots';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** Under a preview: whether the import changes a published root (so needs --after-reveal --reason), or publishes its root at once. */
export function AfterRevealNote({ check }: { check: AfterRevealCheck }) {
  const { t, language } = useLanguage();
  const s = t.admin.imports;
  if (check.needed) {
    const text = check.publishedRoot
      ? s.afterRevealNeeded(check.publishedRoot, formatDateTime(check.publishedAt!, language))
      : s.afterRevealNeededEmptied;
    return <p className="admin__root">{text}</p>;
  }
  if (check.publishesAtOnce) return <p>{s.publishesAtOnce}</p>;
  return <p>{check.publishedRoot ? s.publishedRootKept : s.notPublishedYet}</p>;
}
