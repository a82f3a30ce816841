/** A value as a conflict's choice shows it (the merge and publish dialogs): text as it is, anything else as short JSON, a removal as such. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}
