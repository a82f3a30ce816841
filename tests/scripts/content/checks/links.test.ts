import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writtenLinkProblem } from '../../../../scripts/content/checks/link-problems';
import { loadSite } from '../../../../scripts/content/load-site';
import { readVersion } from '../../../../scripts/content/fixing/schema-version';
import { root } from '../../../helpers/project';

const folder = 'tests/fixtures/links';
const { problems, pages } = loadSite(root, join(root, folder));

const BACKSLASH =
  'holds a backslash (\\): %s. Browsers read it as a /, so "/\\example.com" would lead to another site. Separate the parts of a path with /, like /services/cloud.';
const DOTS =
  'has "." or ".." parts, or a dot, slash or backslash hidden as %2e, %2f or %5c: %s. Such an address can step out of its folder, even out of the site\'s files. Write it from the top of the site without them, like /images/brand/logo.svg.';
const UNSEEN =
  'holds %c: %s. Browsers drop some of these and keep others, so the link would not go where it seems to. Type the address again without it (a space inside a path is written %20).';
const fill = (words: string, href: string, character = ''): string => words.replace('%s', href).replace('%c', character);

/**
 * One fixture per way a link leads nowhere or off the site: "Every internal link resolves to a
 * page, an anchor or a public file; never to a folder or outside public/, and \ never counts as
 * a path." Each is reported once, where it is written, saying what to write instead.
 */
const LINKS: [file: string, column: number, path: string, code: string, message: string][] = [
  [
    'link-to-folder.json',
    82,
    'blocks[0].actions[0].href',
    'linkToFolder',
    '"Button link" leads to "/images", which is a folder of public/, not a page or a file, so visitors would find nothing there. Link to a page, or to a file in that folder.',
  ],
  ['dots-in-link.json', 82, 'blocks[0].actions[0].href', 'dotsInLink', `"Button link" ${fill(DOTS, '"/images/../../package.json"')}`],
  ['encoded-dots-in-link.json', 82, 'blocks[0].actions[0].href', 'dotsInLink', `"Button link" ${fill(DOTS, '"/%2e%2e/package.json"')}`],
  [
    'encoded-slash-in-link.json',
    82,
    'blocks[0].actions[0].href',
    'dotsInLink',
    `"Button link" ${fill(DOTS, '"/images%2f..%2f..%2fpackage.json"')}`,
  ],
  ['dots-in-image.json', 63, 'blocks[0].image.src', 'dotsInLink', `"Image file" ${fill(DOTS, '"/images/../../docs/editor.png"')}`],
  ['backslash-in-link.json', 82, 'blocks[0].actions[0].href', 'backslashInLink', `"Button link" ${fill(BACKSLASH, '"/\\\\evil.example"')}`],
  [
    'two-backslashes-link.json',
    82,
    'blocks[0].actions[0].href',
    'backslashInLink',
    `"Button link" ${fill(BACKSLASH, '"\\\\\\\\evil.example"')}`,
  ],
  [
    'protocol-relative-link.json',
    82,
    'blocks[0].actions[0].href',
    'linkToOtherHost',
    '"Button link" starts with //, which leads to another site: "//evil.example". For a page here write one / and its address, like /about; for another site write its full address, like https://example.com.',
  ],
  [
    'zero-width-in-link.json',
    82,
    'blocks[0].actions[0].href',
    'invisibleInLink',
    `"Button link" ${fill(UNSEEN, '"/ab\u200bout"', 'a character that does not show (U+200B)')}`,
  ],
  [
    'newline-in-link.json',
    82,
    'blocks[0].actions[0].href',
    'invisibleInLink',
    `"Button link" ${fill(UNSEEN, '"https://example.com/\\n"', 'a character that does not show (U+000A)')}`,
  ],
  [
    'space-in-phone-link.json',
    82,
    'blocks[0].actions[0].href',
    'invisibleInLink',
    `"Button link" ${fill(UNSEEN, '"tel:+1 555 0100"', 'a space')}`,
  ],
  [
    'bad-percent-in-link.json',
    82,
    'blocks[0].actions[0].href',
    'badPercentInLink',
    '"Button link" has a % that is not followed by two hexadecimal digits: "/100%". Write a percent sign as %25, or remove it.',
  ],
];

describe('links that lead nowhere or off the site', () => {
  for (const [file, column, path, code, message] of LINKS) {
    it(`reports ${code} in ${file} once, where it is written`, () => {
      const said = problems.filter((found) => found.file === `${folder}/${file}`).map(({ editorMessage, ...rest }) => rest);
      expect(said).toEqual([{ file: `${folder}/${file}`, line: 7, column, path, code, message }]);
    });
  }

  it('has no other problem', () => {
    expect(problems).toHaveLength(LINKS.length);
    expect(pages.map((page) => page.route)).toContain('/');
  });

  it('refuses in the schema every character the validator calls unseen or a backslash, and no other', () => {
    const defs = JSON.parse(readFileSync(join(root, 'schemas/defs.schema.json'), 'utf8'));
    const pattern = new RegExp(defs.definitions.link.pattern, 'u');
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      // "%" and "/" have rules of their own (a % must start an escape; "//" leads to another site).
      if (character === '%' || character === '/' || (code >= 0xd800 && code <= 0xdfff)) continue;
      const href = `/a${character}b`;
      if (pattern.test(href) === (writtenLinkProblem(() => 'Link', href) !== undefined)) differ.push(`U+${code.toString(16)}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('links through public/', () => {
  // A project of its own, whose public/ holds links: one out of it, one to nothing, one that stays inside.
  mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
  const project = mkdtempSync(join(root, 'tests/.tmp/links-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  cpSync(join(root, 'schemas'), join(project, 'schemas'), { recursive: true });
  mkdirSync(join(project, 'pages'));
  mkdirSync(join(project, 'public/images'), { recursive: true });
  writeFileSync(join(project, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(project, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  symlinkSync('../secret.svg', join(project, 'public/leak.svg'));
  symlinkSync('..', join(project, 'public/up'));
  symlinkSync('nowhere.pdf', join(project, 'public/gone.pdf'));
  symlinkSync('images/logo.svg', join(project, 'public/alias.svg'));
  const site = JSON.parse(readFileSync(join(root, folder, '_site.json'), 'utf8'));
  writeFileSync(join(project, 'pages/_site.json'), JSON.stringify({ ...site, $schema: '../schemas/site.schema.json' }));
  const hrefs = ['/leak.svg', '/up/package.json', '/gone.pdf', '/alias.svg', '/images/logo.svg'];
  writeFileSync(
    join(project, 'pages/index.json'),
    JSON.stringify({
      $schema: '../schemas/page.schema.json',
      schemaVersion: readVersion(root).version,
      title: 'Links through public/',
      description: 'Each card leads to a file of public/ or through a link in it.',
      blocks: [
        { type: 'cardGrid', cards: hrefs.map((href) => ({ title: href, content: 'A file.', href })) },
        { type: 'banner', heading: 'Picture', image: { src: '/leak.svg', alt: '', width: 10, height: 10 } },
      ],
    }),
  );

  it('are refused when they lead out of it or nowhere, naming the link to replace', () => {
    const found = loadSite(project)
      .problems.filter((each) => each.file === 'pages/index.json')
      .map(({ path, code, message }) => ({ path, code, message }));
    const through = (title: string, link: string, target: string, where: string) =>
      `"${title}" leads through public/${link}, which is a link to "${target}", ${where}; the site publishes only what is really inside public/. Put the file itself there instead of the link.`;
    expect(found).toEqual([
      {
        path: 'blocks[0].cards[0].href',
        code: 'linkOutOfPublic',
        message: through('Card link', 'leak.svg', '../secret.svg', 'outside public/'),
      },
      { path: 'blocks[0].cards[1].href', code: 'linkOutOfPublic', message: through('Card link', 'up', '..', 'outside public/') },
      {
        path: 'blocks[0].cards[2].href',
        code: 'linkOutOfPublic',
        message: through('Card link', 'gone.pdf', 'nowhere.pdf', 'which does not exist'),
      },
      {
        path: 'blocks[1].image.src',
        code: 'linkOutOfPublic',
        message: through('Image file', 'leak.svg', '../secret.svg', 'outside public/'),
      },
    ]);
  });
});
