import { AdminField } from './admin-field';

/** A filter of a console list: everything, or the rows of one of `values`, each shown by its label. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  values,
  labels,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | 'all';
  onChange: (value: T | 'all') => void;
}) {
  return (
    <AdminField label={label}>
      {(id) => (
        <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as T | 'all')}>
          <option value="all">{allLabel}</option>
          {values.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </AdminField>
  );
}
