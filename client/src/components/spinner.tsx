/** A labelled loading indicator; the label is what screen readers announce. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
