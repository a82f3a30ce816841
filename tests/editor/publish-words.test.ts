/**
 * What a publish did, in the words Changes and the page editor show after it: the pages by
 * title, never files. No browser: the words alone.
 */
import { describe, expect, it } from 'vitest';
import type { PublishAnswer } from '../../src/content/api-types';
import { publishWords } from '../../src/editor/publishing/publish-words';

const published: PublishAnswer = { status: 'published', commit: 'abc', rebased: false, localMerges: [] };

describe('publishWords', () => {
  it('names each page published by its title, and says visitors get it once the live site has it', () => {
    expect(publishWords({ answer: published, titles: ['Home'] })).toBe(
      'Published “Home”: visitors get it once the live site has taken it.',
    );
    expect(publishWords({ answer: published, titles: ['Home', 'About us', 'Menus, footer and site settings'] })).toBe(
      'Published “Home”, “About us” and “Menus, footer and site settings”: visitors get them once the live site has taken them.',
    );
  });

  it('names two pages and counts the rest when more than three went', () => {
    expect(publishWords({ answer: published, titles: ['Home', 'About us', 'Careers', 'Cloud', 'Testing services'] })).toBe(
      'Published “Home”, “About us” and 3 more: visitors get them once the live site has taken them.',
    );
  });

  it('says the links to a page taken off the site went with it', () => {
    expect(publishWords({ answer: published, titles: ['Testing services'], linksTakenOut: true })).toBe(
      'Published “Testing services”, with the links to it taken out: visitors get it once the live site has taken it.',
    );
  });

  it('names whose changes came in with it', () => {
    const cameIn = [{ name: 'Priya Shah', date: '2026-11-28T14:02:00+00:00', titles: ['Home'] }];
    expect(publishWords({ answer: { ...published, cameIn }, titles: ['About us'] })).toMatch(
      /^Published “About us”: visitors get it once the live site has taken it\. Also on the site now: Priya Shah’s change to Home \(.+\)\.$/,
    );
  });

  it('says where there is no server, and what was refused, without a file in the words', () => {
    expect(publishWords({ answer: { status: 'committed', commit: 'abc' }, titles: ['Home', 'Careers'] })).toBe(
      'Kept as the site’s new version: “Home” and “Careers”. No live site is connected to this editor, so visitors do not get them from here.',
    );
    expect(
      publishWords({ answer: { status: 'refused', reason: 'server', message: 'The editor’s server is not running.' }, titles: [] }),
    ).toBe('Nothing was published: The editor’s server is not running.');
  });
});
