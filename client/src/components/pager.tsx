import { formatNumber } from '@client/lib/i18n/format-number';
import type { Language } from '@client/lib/i18n/types';
import '@client/styles/pager.css';

export interface PagerTexts {
  previous: string;
  next: string;
  /** "Page 2 of 7", given the numbers written in the page's language. */
  pageOf: (page: string, pages: string) => string;
}

interface PagerProps {
  /** Zero-based. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label: string;
  texts: PagerTexts;
  language: Language;
}

/** Previous / Next through a list shown a page at a time; the status is announced as it changes. */
export function Pager({ page, pages, onPageChange, label, texts, language }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--secondary" onClick={() => onPageChange(Math.max(0, page - 1))} disabled={page === 0}>
        {texts.previous}
      </button>
      <span className="pager__status numeric" aria-live="polite">
        {texts.pageOf(formatNumber(page + 1, language), formatNumber(pages, language))}
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onPageChange(Math.min(pages - 1, page + 1))}
        disabled={page >= pages - 1}
      >
        {texts.next}
      </button>
    </nav>
  );
}
