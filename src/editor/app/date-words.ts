/** A version's date in the person's own words and time zone: "25 Nov 2026, 15:19". */
export const dateWords = (iso: string): string =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
