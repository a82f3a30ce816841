const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day written YYYY-MM-DD, in milliseconds since 1970 (UTC); NaN for anything else. */
const dayOf = (date: string): number => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN);

/**
 * How long before `today` a job was posted on `date` (both YYYY-MM-DD), in words of the site's
 * language, as the page says it: "today", "yesterday", "3 days ago", "last week", "2 weeks ago",
 * "3 months ago", "last year". In days under a week, in weeks under 30 days, in months under a
 * year, then in years. A date after `today` (a posting dated ahead) reads "today". Undefined for
 * a date that is no day (only a draft in the editor can have one).
 */
export function postedAgo(date: string, today: string, language: string): string | undefined {
  const days = Math.round((dayOf(today) - dayOf(date)) / DAY_MS);
  if (Number.isNaN(days)) return undefined;
  const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
    days < 7
      ? [Math.max(0, days), 'day']
      : days < 30
        ? [Math.floor(days / 7), 'week']
        : days < 365
          ? [Math.max(1, Math.floor(days / (365.25 / 12))), 'month']
          : [Math.max(1, Math.floor(days / 365.25)), 'year'];
  // "auto" says "today", "yesterday" and "last week" rather than "0 days ago" and "1 week ago".
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-count, unit);
}
