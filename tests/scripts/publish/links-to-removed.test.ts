/**
 * A publish that deletes a page others link to, with real git and a local bare remote: it is
 * refused in the words a marketing person reads (the page by its title, each link by the
 * labels a visitor sees), and the menu's links can be taken out and published with it, so the
 * live site, which refuses a link that leads nowhere, takes the whole change.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { rewriteJson } from '../../../scripts/content/fixing/migrate-tree';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

const ana = { name: 'Ana Editor', email: 'ana@example.com' };
const tip = async (remote: string): Promise<string> => (await git(remote, ['rev-parse', 'main'])).stdout.trim();
const status = async (checkout: string): Promise<string> => (await git(checkout, ['status', '--porcelain'])).stdout.trim();

type Link = { label: string; href: string };
type Site = { nav: { items: { label: string; groups?: { heading: string; links: Link[] }[] }[] }; footer: { tagline: string } };

describe('publishing a page deleted while others link to it', () => {
  it('is refused naming the page and the menu entry, then published with the entry taken out, and the site checks clean', async () => {
    const remote = await repos.remote('menu-link');
    const a = await repos.clone(remote, 'menu-link-a');
    const siteBefore = readFileSync(join(a, 'pages/_site.json'), 'utf8');
    const before = await tip(remote);
    rmSync(join(a, 'pages/testing.json'));

    const refused = await publish(a, { paths: ['pages/testing.json'], message: 'No testing page', author: ana });
    expect(refused).toMatchObject({
      status: 'refused',
      reason: 'links',
      canTakeOutLinks: true,
      message:
        '“Testing services” cannot be taken off the site yet: the menu (Services › Design & Data › Testing) still links to it. It can be published with that link taken out, or the page kept.',
    });
    expect(await tip(remote)).toBe(before);
    expect(await status(a)).toBe('D pages/testing.json');

    const published = await publish(a, { paths: ['pages/testing.json'], message: 'No testing page', author: ana, takeOutLinks: true });
    expect(published).toMatchObject({ status: 'published' });
    // One commit with both files, and nothing left to publish.
    expect((await git(remote, ['show', '--name-status', '--format=%an', 'main'])).stdout.trim().split('\n')).toEqual([
      'Ana Editor',
      '',
      'M\tpages/_site.json',
      'D\tpages/testing.json',
    ]);
    expect(await status(a)).toBe('');
    // Only that entry went: the rest of the menu, and the file's text around it, are as they were.
    const expected = JSON.parse(siteBefore) as Site;
    const group = expected.nav.items.flatMap((item) => item.groups ?? []).find((each) => each.heading === 'Design & Data');
    group?.links.splice(
      group.links.findIndex((link) => link.href === '/testing'),
      1,
    );
    expect((await git(remote, ['show', 'main:pages/_site.json'])).stdout).toBe(rewriteJson(siteBefore, expected));
    const checkout = await repos.clone(remote, 'menu-link-check');
    expect(loadSite(checkout).problems).toEqual([]);
  });

  it('names a link inside a page and the menu entry, and takes out nothing when one of them is part of a card', async () => {
    const remote = await repos.remote('card-link');
    const a = await repos.clone(remote, 'card-link-a');
    rmSync(join(a, 'pages/technology/open-source.json'));
    for (const takeOutLinks of [false, true]) {
      const refused = await publish(a, {
        paths: ['pages/technology/open-source.json'],
        message: 'No open source page',
        author: ana,
        takeOutLinks,
      });
      expect(refused).toMatchObject({
        status: 'refused',
        reason: 'links',
        canTakeOutLinks: false,
        message:
          '“Open source overview and delivery approach” cannot be taken off the site yet: the menu (Services › Platforms & Cloud › Open source) and the “Certifications & partner programmes” page (Partner programmes › Open-source communities) still link to it. Change those links first, then publish again: the live site refuses links that lead nowhere, and nothing of this change would reach visitors.',
      });
      expect(await status(a)).toBe('D pages/technology/open-source.json');
    }
  });

  it('takes out nothing of a menu that has a change of its own waiting, and says to change the link first', async () => {
    const remote = await repos.remote('menu-edited');
    const a = await repos.clone(remote, 'menu-edited-a');
    const siteText = readFileSync(join(a, 'pages/_site.json'), 'utf8');
    const site = JSON.parse(siteText) as Site;
    site.footer.tagline = 'Software and agentic AI, run with you.';
    const edited = rewriteJson(siteText, site);
    writeFileSync(join(a, 'pages/_site.json'), edited);
    rmSync(join(a, 'pages/testing.json'));

    const refused = await publish(a, { paths: ['pages/testing.json'], message: 'No testing page', author: ana, takeOutLinks: true });
    expect(refused).toMatchObject({ status: 'refused', reason: 'links', canTakeOutLinks: false });
    expect(refused.status === 'refused' && refused.message).toMatch(
      /^“Testing services” cannot be taken off the site yet: the menu \(Services › Design & Data › Testing\) still links to it\. Change that link first/,
    );
    expect(readFileSync(join(a, 'pages/_site.json'), 'utf8')).toBe(edited);
  });
});
