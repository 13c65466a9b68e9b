/**
 * What a reader typed into a prerendered page's named fields before React hydrated it. Hydration puts
 * each controlled field back to its state, so main.tsx reads them just before, and the component that
 * owns a field takes its text once it has mounted.
 */
const typed = new Map<string, string>();

export function keepTypedValues(container: HTMLElement): void {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (field.value !== field.defaultValue) typed.set(field.name, field.value);
  }
}

/** The text typed into the field named `name` before hydration, once; undefined when there was none. */
export function takeTypedValue(name: string): string | undefined {
  const value = typed.get(name);
  typed.delete(name);
  return value;
}
