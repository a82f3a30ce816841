import { describe, expect, it } from 'vitest';
import type { Version } from '../../src/content/api-types';
import { dateWords } from '../../src/editor/app/date-words';
import { restoreWords } from '../../src/editor/publishing/history/restore-words';

const ANA = { name: 'Ana Müller', email: 'ana@example.com' };
const BEN = { name: 'Ben O’Neil', email: 'ben@example.org' };
const version = (commit: string, subject: string, author = ANA, more: Partial<Version> = {}): Version => ({
  commit,
  date: `2026-11-${commit.slice(1).padStart(2, '0')}T14:02:00+01:00`,
  committed: `2026-11-${commit.slice(1).padStart(2, '0')}T14:02:00+01:00`,
  author,
  subject,
  message: subject,
  path: 'pages/about.json',
  change: 'modified',
  state: 'published',
  ...more,
});
const on = (day: number): string => dateWords(`2026-11-${String(day).padStart(2, '0')}T14:02:00+01:00`);

describe('what restoring a version takes back', () => {
  it('names every later change in this copy with its author and date, and who made them, leaving out one not here yet', () => {
    const versions = [
      version('c5', 'Colleague’s change, not here yet', BEN, { state: 'incoming' }),
      version('c4', 'Shorter call to action', BEN),
      version('c3', 'Spring headline'),
      version('c2', 'New cards', ANA, { state: 'unpublished' }),
      version('c1', 'First', ANA, { change: 'added' }),
    ];
    expect(restoreWords(versions, versions[4] as Version, false)).toBe(
      `This takes back 3 later changes, by Ben O’Neil and Ana Müller: “Shorter call to action” by Ben O’Neil on ${on(4)}; “Spring headline” by Ana Müller on ${on(3)}; “New cards” by Ana Müller on ${on(2)}.`,
    );
    expect(restoreWords(versions, versions[2] as Version, true)).toBe(
      `This takes back 1 later change: “Shorter call to action” by Ben O’Neil on ${on(4)}. It also takes back the changes saved here and not yet published.`,
    );
    expect(restoreWords(versions, versions[1] as Version, true)).toBe(
      'No change was published after this version; restoring it takes back the changes saved here and not yet published.',
    );
    expect(restoreWords(versions, versions[1] as Version, false)).toBe('No change was published or saved here after this version.');
  });

  it('counts the later changes beyond the first five', () => {
    const versions = Array.from({ length: 8 }, (_, at) => version(`c${8 - at}`, `Change ${8 - at}`));
    expect(restoreWords(versions, versions[7] as Version, false)).toBe(
      `This takes back 7 later changes, by Ana Müller: ${[8, 7, 6, 5, 4].map((day) => `“Change ${day}” by Ana Müller on ${on(day)}`).join('; ')}; and 2 more.`,
    );
  });
});
