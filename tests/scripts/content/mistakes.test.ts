import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/lib/content/load-site';

const root = join(import.meta.dirname, '../../..');
const folder = 'tests/fixtures/mistakes';
const { problems, pages } = loadSite(root, join(root, folder));

/**
 * One fixture per mistake a person makes in a content file: each is reported once, where it
 * was made, with its stable code and words that say what to write instead.
 */
const MISTAKES: [file: string, line: number, column: number, path: string, code: string, message: string][] = [
  ['byte-order-mark.json', 1, 1, '', 'byteOrderMark', 'the file starts with an invisible byte-order mark'],
  ['curly-quotes.json', 3, 12, '', 'curlyQuotes', '“ is a typographic quote; JSON needs straight double quotes (")'],
  ['duplicate-anchor.json', 13, 17, 'blocks[1].anchor', 'duplicateAnchor', 'the anchor "team" is already the name of block 1 on this page'],
  [
    'duplicate-key.json',
    4,
    3,
    'title',
    'duplicateKey',
    '"title" is written twice in the same group; the first, at line 3, column 3, would be silently ignored',
  ],
  ['empty-page.json', 5, 13, 'blocks', 'emptyPage', 'the page has no blocks, so it would show its title and nothing else'],
  [
    'hero-not-first.json',
    13,
    16,
    'blocks[1].level',
    'heroNotFirst',
    'a banner with "level": 1 is the page\'s header and must be its first block; this is block 2',
  ],
  [
    'huge-counter.json',
    5,
    57,
    'blocks[0].items[0].value',
    'tooLarge',
    '"Value" must be at most 999999999; you wrote 99999999999999999999.',
  ],
  ['job-outside-filters.json', 48, 23, 'blocks[0].jobs[1].category', 'notAFilterOption', 'Did you mean "Angular Development"?'],
  ['long-paragraph.json', 10, 9, 'blocks[0].paragraphs[0]', 'tooLong', '"Paragraph" must be at most 1500 characters long; it has 50000.'],
  [
    'missing-image.json',
    10,
    16,
    'blocks[0].image.src',
    'missingFile',
    'public/ has no such file. Did you mean "/images/brand/logo-light.svg"?',
  ],
  ['missing-opening-quote.json', 3, 12, '', 'missingOpeningQuote', 'this text has no opening double quote: write "Missing quote"'],
  [
    'new-offer.JSON',
    1,
    1,
    '',
    'notJsonFile',
    'is not read as a page: page files end in ".json", in lowercase. Rename it to tests/fixtures/mistakes/new-offer.json.',
  ],
  ['number-as-text.json', 5, 47, 'blocks[0].columns', 'numberAsText', '"Columns" must be a number without quotes: write 3, not "3".'],
  ['sub/missing-schema.json', 1, 1, '', 'missing', 'Add "$schema", for example "../../../../schemas/page.schema.json".'],
  ['sub/wrong-schema-depth.json', 2, 14, '$schema', 'notExactly', 'must be exactly "../../../../schemas/page.schema.json"'],
  [
    'unknown-anchor.json',
    12,
    19,
    'blocks[0].actions[0].href',
    'unknownAnchor',
    'leads to "/#our-tea", but / has no section with that anchor. Did you mean "our-team"?',
  ],
];

describe('validate catches every mistake', () => {
  for (const [file, line, column, path, code, message] of MISTAKES) {
    it(`reports ${code} in ${file} once, where it was made`, () => {
      const found = problems.filter((problem) => problem.file === `${folder}/${file}`);
      expect(found).toEqual([{ file: `${folder}/${file}`, line, column, path, code, message: expect.stringContaining(message) }]);
    });
  }

  it('has no other problem, and loads only the valid page', () => {
    expect(problems).toHaveLength(MISTAKES.length);
    // A dead anchor or a missing file is the site's problem, not the page's shape: those pages
    // load, and the build still refuses the site while any problem remains.
    expect(pages.map((page) => page.route).sort()).toEqual(['/', '/missing-image', '/unknown-anchor']);
  });

  it('asks for a missing part of the site file without cutting its example mid-word', () => {
    const { problems: siteProblems } = loadSite(root, join(root, 'tests/fixtures/site-without-nav'));
    expect(siteProblems.map(({ path, code, message }) => ({ path, code, message }))).toEqual([
      { path: '', code: 'missing', message: '"Navigation bar" is missing. Add "nav" (docs/blocks.md shows an example).' },
    ]);
  });

  it('prints each problem with its code and exits 1 without a stack trace', () => {
    let output = '';
    let status = 0;
    try {
      execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/validate.ts'), folder], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      ({ status = 1, stdout: output } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    expect(output).toContain(
      `${folder}/number-as-text.json:5:47  blocks[0].columns: "Columns" must be a number without quotes: write 3, not "3". [numberAsText]`,
    );
    expect(output).not.toMatch(/^\s+at /m);
  });
});
