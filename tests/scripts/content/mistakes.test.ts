import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { TSX, root } from '../../helpers/project';

const folder = 'tests/fixtures/mistakes';
const { problems, warnings, pages } = loadSite(root, join(root, folder));

/**
 * One fixture per mistake a person makes in a content file: each is reported once, where it
 * was made, with its stable code and words that say what to write instead.
 */
const MISTAKES: [file: string, line: number, column: number, path: string, code: string, message: string][] = [
  ['byte-order-mark.json', 1, 1, '', 'byteOrderMark', 'the file starts with an invisible byte-order mark'],
  ['curly-quotes.json', 4, 12, '', 'curlyQuotes', '“ is a typographic quote; JSON needs straight double quotes (")'],
  ['duplicate-anchor.json', 14, 17, 'blocks[1].anchor', 'duplicateAnchor', 'the anchor "team" is already the name of block 1 on this page'],
  [
    'duplicate-key.json',
    5,
    3,
    'title',
    'duplicateKey',
    '"title" is written twice in the same group; the first, at line 4, column 3, would be silently ignored',
  ],
  ['empty-page.json', 6, 13, 'blocks', 'emptyPage', 'the page has no blocks, so it would show its title and nothing else'],
  [
    'hero-not-first.json',
    14,
    16,
    'blocks[1].level',
    'heroNotFirst',
    'a banner with "level": 1 is the page\'s header and must be its first block; this is block 2',
  ],
  [
    'huge-counter.json',
    6,
    57,
    'blocks[0].items[0].value',
    'tooLarge',
    '"Value" must be at most 999999999; you wrote 99999999999999999999.',
  ],
  ['_collections/jobs/angularjs-developer.json', 6, 15, 'category', 'notAFilterOption', 'Did you mean "Angular Development"?'],
  ['_collections/job/data-engineer.json', 1, 1, '', 'unknownCollection', 'there is no collection "job". Did you mean "jobs"?'],
  [
    '_collections/outcomes/roadmap.json',
    1,
    1,
    '',
    'duplicateId',
    'the id "roadmap" is also the name of tests/fixtures/mistakes/_collections/products/roadmap.json; a reference could mean either',
  ],
  [
    'careers/ux-ui-designer.json',
    1,
    1,
    '',
    'duplicateRoute',
    'gives the address /careers/ux-ui-designer, which tests/fixtures/mistakes/careers/[jobs].json (for tests/fixtures/mistakes/_collections/jobs/ux-ui-designer.json) already gives',
  ],
  ['new-version.json', 3, 20, 'schemaVersion', 'aheadVersion', 'written for version 3 of the schemas, but they are only at version 2'],
  ['old-version.json', 1, 1, '', 'behindVersion', 'Run npm run migrate -- --write to upgrade it'],
  [
    'placeholder/[jobs].json',
    4,
    12,
    'title',
    'unknownPlaceholder',
    '{titel} names no field of the entry this page is made for. Did you mean {title}?',
  ],
  [
    'unknown-entry.json',
    15,
    9,
    'blocks[0].studies[0]',
    'unknownEntry',
    '"Case study" names "case-managment", but there is no such entry in the case-studies collection. Did you mean "case-management"?',
  ],
  ['long-paragraph.json', 11, 9, 'blocks[0].paragraphs[0]', 'tooLong', '"Paragraph" must be at most 1500 characters long; it has 50000.'],
  [
    'missing-image.json',
    11,
    16,
    'blocks[0].image.src',
    'missingFile',
    'public/ has no such file. Did you mean "/images/brand/logo-light.svg"?',
  ],
  ['missing-opening-quote.json', 4, 12, '', 'missingOpeningQuote', 'this text has no opening double quote: write "Missing quote"'],
  [
    'new-offer.JSON',
    1,
    1,
    '',
    'notJsonFile',
    'is not read as a page: page files end in ".json", in lowercase. Rename it to tests/fixtures/mistakes/new-offer.json.',
  ],
  ['number-as-text.json', 6, 47, 'blocks[0].columns', 'numberAsText', '"Columns" must be a number without quotes: write 3, not "3".'],
  ['sub/missing-schema.json', 1, 1, '', 'missing', 'Add "$schema", for example "../../../../schemas/page.schema.json".'],
  ['sub/wrong-schema-depth.json', 2, 14, '$schema', 'notExactly', 'must be exactly "../../../../schemas/page.schema.json"'],
  [
    'unknown-anchor.json',
    13,
    19,
    'blocks[0].actions[0].href',
    'unknownAnchor',
    'leads to "/#our-tea", but / has no section with that anchor. Did you mean "our-team"?',
  ],
];

describe('validate catches every mistake', () => {
  for (const [file, line, column, path, code, message] of MISTAKES) {
    it(`reports ${code} in ${file} once, where it was made`, () => {
      // What the editor says instead is the editor's (editor-words.test.ts): here, the terminal's words.
      const found = problems.filter((problem) => problem.file === `${folder}/${file}`).map(({ editorMessage, ...said }) => said);
      expect(found).toEqual([{ file: `${folder}/${file}`, line, column, path, code, message: expect.stringContaining(message) }]);
    });
  }

  it('has no other problem, and loads only the valid page', () => {
    expect(problems).toHaveLength(MISTAKES.length);
    // A dead anchor or a missing file is the site's problem, not the page's shape: those pages
    // load, and the build still refuses the site while any problem remains.
    // careers/[jobs].json makes a valid page for each job; the page that claims one of their addresses is not read.
    expect(pages.map((page) => page.route).sort()).toEqual([
      '/',
      '/careers/angularjs-developer',
      '/careers/ux-ui-designer',
      '/job-outside-filters',
      '/missing-image',
      '/same-title',
      '/two-headers',
      '/unknown-anchor',
    ]);
  });

  it('warns, without stopping the build, when two pages share a title and when a page would open with two headers', () => {
    expect(warnings).toEqual([
      {
        file: `${folder}/same-title.json`,
        line: 4,
        column: 12,
        path: 'title',
        code: 'samePageText',
        message: 'this page has the same title as /; search results could not tell them apart. Make each title its own.',
      },
      {
        file: `${folder}/two-headers.json`,
        line: 5,
        column: 14,
        path: 'heading',
        code: 'headingUnseen',
        message:
          'the page opens with a banner, which is its header and shows the banner\'s heading, so this "heading" is never shown. Remove it, or move its words into the banner\'s "heading".',
      },
      {
        file: `${folder}/two-headers.json`,
        line: 6,
        column: 17,
        path: 'technology',
        code: 'markUnseen',
        message:
          'the page opens with a banner, which is its header, and only the standard header shows the page\'s logo or icon, so this "technology" is never shown. Remove it, or start the page with another block.',
      },
      {
        file: `${folder}/two-headers.json`,
        line: 13,
        column: 5,
        path: 'blocks[1]',
        code: 'twoHeaders',
        message:
          'the page opens with a banner, which is its header, and this second banner stacks another dark header straight under it. Put a block between them, or merge the two.',
      },
    ]);
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
      execFileSync(process.execPath, [...TSX, join(root, 'scripts/validate.ts'), folder], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      ({ status = 1, stdout: output } = error as { status: number; stdout: string });
    }
    expect(status).toBe(1);
    expect(output).toContain(
      `${folder}/number-as-text.json:6:47  blocks[0].columns: "Columns" must be a number without quotes: write 3, not "3". [numberAsText]`,
    );
    expect(output).not.toMatch(/^\s+at /m);
  });
});
