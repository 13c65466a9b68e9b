import { type ReactNode, useId } from 'react';

/** A console form's field: the label above its control, which takes the id the label points at. */
export function AdminField({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="admin__field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
