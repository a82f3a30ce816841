import { describe, expect, it } from 'vitest';
import { postedAgo } from '../../src/blocks/job-detail/posted-ago';

/** The words for a job posted `days` before 24 November 2025. */
const ago = (days: number, language = 'en'): string | undefined => {
  const posted = new Date(Date.UTC(2025, 10, 24) - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return postedAgo(posted, '2025-11-24', language);
};

describe('postedAgo', () => {
  it('counts in days under a week, in words for today and yesterday', () => {
    expect([0, 1, 3, 6].map((days) => ago(days))).toEqual(['today', 'yesterday', '3 days ago', '6 days ago']);
  });

  it('counts in weeks under 30 days', () => {
    expect([7, 13, 14, 21, 29].map((days) => ago(days))).toEqual(['last week', 'last week', '2 weeks ago', '3 weeks ago', '4 weeks ago']);
  });

  it('counts in months under a year, then in years', () => {
    expect([30, 61, 92, 364, 365, 800].map((days) => ago(days))).toEqual([
      'last month',
      '2 months ago',
      '3 months ago',
      '11 months ago',
      'last year',
      '2 years ago',
    ]);
  });

  it('counts whole calendar days, across a month’s end and a leap day', () => {
    expect(postedAgo('2025-10-31', '2025-11-03', 'en')).toBe('3 days ago');
    expect(postedAgo('2024-02-28', '2024-03-01', 'en')).toBe('2 days ago');
  });

  it('says today for a posting dated after the day the site is built', () => {
    expect(ago(-5)).toBe('today');
  });

  it('speaks the site’s language', () => {
    expect(ago(21, 'de')).toBe('vor 3 Wochen');
    expect(ago(0, 'fr')).toBe('aujourd’hui');
  });

  it('gives nothing for a date that is no day (only a draft can hold one)', () => {
    expect(postedAgo('', '2025-11-24', 'en')).toBeUndefined();
    expect(postedAgo('3 weeks ago', '2025-11-24', 'en')).toBeUndefined();
  });
});
