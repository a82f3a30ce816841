/** Whether every text value of a form's fields is well-formed Unicode (a lone surrogate is not). */
export function isWellFormedText(fields: Record<string, unknown>): boolean {
  return Object.values(fields).every((value) => typeof value !== 'string' || value.isWellFormed());
}
