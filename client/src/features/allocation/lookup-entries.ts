/** The addresses typed or pasted into the lookup box: one per line, or separated by commas or spaces. */
export function lookupEntries(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== '');
}
