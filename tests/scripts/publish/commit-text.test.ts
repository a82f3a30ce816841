/**
 * What a person types for a publish (the description, their name and e-mail address) reaches the
 * history as text: line breaks made plain, characters that act or hide refused in words, and
 * lines that look like trailers left as words, never taken by git as trailers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

const ana = { name: 'Ana Editor', email: 'ana@example.com' };

/** A checkout with the About page's title changed on disk, and what its remote's main is now. */
async function changed(name: string): Promise<{ remote: string; checkout: string; tip: () => Promise<string> }> {
  const remote = await repos.remote(name);
  const checkout = await repos.clone(remote, name);
  const file = join(checkout, 'pages/about.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, '"title": "About, again"'));
  return { remote, checkout, tip: async () => (await git(remote, ['rev-parse', 'main'])).stdout.trim() };
}

describe('the description', () => {
  it('is committed with every kind of line break as LF', async () => {
    const { remote, checkout } = await changed('breaks');
    const typed = 'About: a new title\r\n\r\nAsked for by sales,\rchecked by legal\u2028and by Ben\u0085today.';
    expect(await publish(checkout, { paths: ['pages/about.json'], message: typed, author: ana })).toMatchObject({ status: 'published' });
    const raw = (await git(remote, ['cat-file', 'commit', 'main'])).stdout;
    const message = raw.slice(raw.indexOf('\n\n') + 2);
    expect(message).toBe('About: a new title\n\nAsked for by sales,\nchecked by legal\nand by Ben\ntoday.\n');
  });

  it('is refused, naming the character, when it holds one that acts or hides; nothing is committed', async () => {
    const { checkout, tip } = await changed('hidden');
    const before = await tip();
    const cases: [string, string][] = [
      [
        'About: cv\u202Efdp.exe',
        'The description holds a right-to-left override (U+202E), an invisible character that makes text read backwards: remove it.',
      ],
      ['About\0: a new title', 'The description holds a null character (U+0000), an invisible control character: remove it.'],
      [
        'About: \u2067isolated\u2069',
        'The description holds a right-to-left isolate (U+2067), an invisible character that makes text read backwards (and 1 more invisible character): remove them.',
      ],
      ['About:\u200B a new title', 'The description holds a zero-width space (U+200B), an invisible character: remove it.'],
      ['About: a new title\u{E0041}', 'The description holds an invisible character (U+E0041): remove it.'],
      ['About: a \u001b[31mred\u001b[0m title', 'The description holds an invisible control character (U+001B): remove it.'],
    ];
    for (const [message, words] of cases)
      expect(await publish(checkout, { paths: ['pages/about.json'], message, author: ana }), message).toEqual({
        status: 'refused',
        reason: 'message',
        message: words,
      });
    expect(await tip()).toBe(before);
  });

  it('keeps lines that look like trailers as words, and git finds no trailer in the commit', async () => {
    const { remote, checkout } = await changed('trailers');
    const typed = [
      'About: a new title',
      '',
      'Asked for by sales.',
      '',
      'Signed-off-by: Mallory <mallory@example.com>',
      'Co-authored-by: Eve <eve@example.com>',
      'Reviewed-by: nobody',
    ].join('\n');
    expect(await publish(checkout, { paths: ['pages/about.json'], message: typed, author: ana })).toMatchObject({ status: 'published' });
    const body = (await git(remote, ['log', '-1', '--format=%B', 'main'])).stdout;
    expect(body).toBe(
      'About: a new title\n\nAsked for by sales.\n\n Signed-off-by: Mallory <mallory@example.com>\n Co-authored-by: Eve <eve@example.com>\n Reviewed-by: nobody\n\n',
    );
    expect((await git(remote, ['log', '-1', '--format=%(trailers)', 'main'])).stdout.trim()).toBe('');
    expect((await git(remote, ['interpret-trailers', '--parse'], { input: body })).stdout).toBe('');
  });

  it('is committed as typed when nothing in it reads as a trailer', async () => {
    const { remote, checkout } = await changed('plain');
    const typed = 'About: a new title\n\nNote: the old one was too long.\nThanks to Ben.';
    expect(await publish(checkout, { paths: ['pages/about.json'], message: typed, author: ana })).toMatchObject({ status: 'published' });
    expect((await git(remote, ['log', '-1', '--format=%B', 'main'])).stdout).toBe(`${typed}\n\n`);
  });
});

describe('the author', () => {
  it('is refused, naming the character, when the name or e-mail address holds one that acts or hides or breaks the line', async () => {
    const { checkout, tip } = await changed('author');
    const before = await tip();
    const cases: [{ name: string; email: string }, string][] = [
      [
        { name: 'Ana \u202Erotide', email: 'ana@example.com' },
        'The name holds a right-to-left override (U+202E), an invisible character that makes text read backwards: remove it.',
      ],
      [
        { name: 'Ana\0Editor', email: 'ana@example.com' },
        'The name holds a null character (U+0000), an invisible control character: remove it.',
      ],
      [
        { name: 'Ana\rEditor', email: 'ana@example.com' },
        'The name holds a carriage return (U+000D), which would start a second line: remove it.',
      ],
      [{ name: 'Ana <root>', email: 'ana@example.com' }, 'The name holds < or >, which are kept for the e-mail address: remove them.'],
      [
        { name: 'Ana Editor', email: 'ana\u200B@example.com' },
        'The e-mail address holds a zero-width space (U+200B), an invisible character: remove it.',
      ],
      [
        { name: 'Ana\u2028Editor', email: 'ana@example.com' },
        'The name holds a line break (U+2028), which would start a second line: remove it.',
      ],
      [
        { name: 'Ana Editor', email: 'ana@example.com\nBcc: x' },
        'The e-mail address holds a line break (U+000A), which would start a second line: remove it.',
      ],
    ];
    for (const [author, words] of cases)
      expect(await publish(checkout, { paths: ['pages/about.json'], message: 'About', author }), JSON.stringify(author)).toEqual({
        status: 'refused',
        reason: 'author',
        message: words,
      });
    expect(await tip()).toBe(before);
  });

  it('keeps a name in any script, with the letters that spell it', async () => {
    const { remote, checkout } = await changed('names');
    const author = { name: 'Zoë Ångström-Ōtake (زهره‌ها)', email: 'zoe@example.com' };
    expect(await publish(checkout, { paths: ['pages/about.json'], message: 'About', author })).toMatchObject({ status: 'published' });
    expect((await git(remote, ['log', '-1', '--format=%an <%ae>', 'main'])).stdout.trim()).toBe(`${author.name} <${author.email}>`);
  });
});
