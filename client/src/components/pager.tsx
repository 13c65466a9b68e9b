import '@client/styles/pager.css';

interface PagerProps {
  /** Zero-based. */
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** "Page 2 of 7", in the page's language. */
  status: string;
}

/** Previous / Next through a list shown a page at a time; the status is announced as it changes. */
export function Pager({ page, pages, onPageChange, label, previousLabel, nextLabel, status }: PagerProps) {
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--secondary" onClick={() => onPageChange(Math.max(0, page - 1))} disabled={page === 0}>
        {previousLabel}
      </button>
      <span className="pager__status numeric" aria-live="polite">
        {status}
      </span>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => onPageChange(Math.min(pages - 1, page + 1))}
        disabled={page >= pages - 1}
      >
        {nextLabel}
      </button>
    </nav>
  );
}
