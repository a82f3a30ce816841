/**
 * A page's body kept from the last build (scripts/build/render/kept-body.ts): it serves the
 * next build only while what it depends on is the same and it is found in the page as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { bodyFacts, bodyOfPage, keptBody, type RuleBook } from '../../../scripts/build/render/kept-body';
import type { Site } from '../../../src/generated/schema-types';
import { loadEveryComponent, renderRoute } from '../../../src/render/entry-render';
import { root } from '../../helpers/project';

const { site, pages } = loadSite(root);
const TODAY = '2026-11-27';
const about = pages.find(({ route }) => route === '/about');
// As the build does: no block suspends.
beforeAll(loadEveryComponent);

/** The about page as the build renders it (its body apart from the frame), what it keeps of the body, and its rule book. */
async function rendered(on: Site = site as Site) {
  const route = await renderRoute(on, '/about', about?.page, { today: TODAY });
  const body = route.pageBody;
  if (!body) throw new Error('The about page has a frame, so its body is rendered apart.');
  const page = `<html><body><div id="root">${route.body}</div></body></html>`;
  const facts = bodyFacts(on, TODAY, body, page);
  if (!facts) throw new Error('The body is found in the page as it was rendered.');
  const book = new Map<string, RuleBook[string]>(body.rules.map(([id, css, registered]) => [id, [css, registered]]));
  return { route, body, page, facts, book };
}

describe('a page body kept from the last build', () => {
  it('is what the page’s <main> holds, and serves a page whose menus changed, making the same page', async () => {
    const { route, body, page, facts, book } = await rendered();
    expect(bodyOfPage(page)).toBe(body.html);
    expect(body.html).toContain('<h1');
    expect(facts.reads).toContain('labels.blockError');
    expect(facts.reads).not.toContain('nav');
    expect(facts.reads).not.toContain('labels.openMenu');
    const { nav } = site as Site;
    const renamed = {
      ...(site as Site),
      nav: { ...nav, items: nav.items.map((item, at) => (at === 0 ? { ...item, label: 'Changed' } : item)) },
    };
    const kept = keptBody(facts, renamed, TODAY, page, book);
    expect(kept?.html).toBe(body.html);
    const again = await renderRoute(renamed, '/about', about?.page, { today: TODAY, kept });
    const fresh = await renderRoute(renamed, '/about', about?.page, { today: TODAY });
    expect(again.body).toContain('Changed');
    expect(again.body).toBe(fresh.body);
    expect(again.styles).toBe(fresh.styles);
    expect(again.pageBody).toBeUndefined();
    expect(route.body).not.toBe(again.body);
  });

  it('does not serve when a field of the site file it read changed, or on another day if it read the day', async () => {
    const { page, facts, book } = await rendered();
    const relabelled = { ...(site as Site), labels: { ...(site as Site).labels, blockError: 'Not shown.' } };
    expect(keptBody(facts, relabelled, TODAY, page, book)).toBeUndefined();
    // A label only the menus show leaves it as it is.
    const menuLabel = { ...(site as Site), labels: { ...(site as Site).labels, openMenu: 'Show the menu' } };
    expect(keptBody(facts, menuLabel, TODAY, page, book)?.html).toBe(page && bodyOfPage(page));
    expect(keptBody(facts, site as Site, '2026-11-28', page, book)).toBeDefined();
    expect(keptBody({ ...facts, dated: true }, site as Site, '2026-11-28', page, book)).toBeUndefined();
  });

  it('does not serve when its markup in the page, or a rule of the book, is not as it was', async () => {
    const { page, facts, book, body } = await rendered();
    const [id, css, registered] = body.rules[0] ?? [];
    if (!id || css === undefined || registered === undefined) throw new Error('The body has CSS rules.');
    // A class name of the body changed by hand in the page: its rules are not those kept.
    expect(keptBody(facts, site as Site, TODAY, page.replace(`css-${id}`, 'css-changed'), book)).toBeUndefined();
    expect(keptBody(facts, site as Site, TODAY, page, new Map([...book, [id, [`${css} `, registered]]]))).toBeUndefined();
    const without = new Map(book);
    without.delete(id);
    expect(keptBody(facts, site as Site, TODAY, page, without)).toBeUndefined();
    // No page, or one without its <main>.
    expect(keptBody(facts, site as Site, TODAY, undefined, book)).toBeUndefined();
    expect(keptBody(facts, site as Site, TODAY, '<html></html>', book)).toBeUndefined();
  });

  it('is not kept when the page does not give back its markup exactly', async () => {
    const { body, page } = await rendered();
    expect(bodyFacts(site as Site, TODAY, body, page.replace('</main>', '<p>added</p></main>'))).toBeUndefined();
  });
});
