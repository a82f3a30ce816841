import { describe, expect, it } from 'vitest';
import { loadSite } from '../../scripts/content/load-site';
import { renderRoute } from '../../src/render/entry-render';
import type { Page } from '../../src/generated/schema-types';
import { root } from '../helpers/project';

const { site, pages } = loadSite(root);

/** The text of every heading of one level in rendered markup, tags inside it removed. */
function headings(body: string, level: 1 | 2): string[] {
  return [...body.matchAll(new RegExp(`<h${level}[^>]*>(.*?)</h${level}>`, 'gs'))].map(([, inner = '']) =>
    inner
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'"),
  );
}

async function render(page: Page): Promise<string> {
  if (!site) throw new Error('The site does not load.');
  const { body, errors } = await renderRoute(site, '/probe', page);
  expect(errors).toEqual([]);
  return body;
}

const banner = (heading: string, level?: 1 | 2) => ({ type: 'banner' as const, heading, actions: [], ...(level ? { level } : {}) });
const prose = { type: 'prose' as const, paragraphs: ['Text.'], points: [] };
const page = (blocks: unknown[], fields: Partial<Page> = {}): Page =>
  ({ schemaVersion: 1, title: 'The page title', description: 'A page made for this test.', blocks, ...fields }) as unknown as Page;

/** The mark the title band shows beside the h1: a logo's file, an icon's name, or nothing. */
function headerMark(body: string): string | undefined {
  const mark = body.match(/<span aria-hidden="true" data-header-mark="(logo|icon)"[^>]*>(.*?)<\/span>\s*<h1/s);
  if (!mark) return undefined;
  const [, kind, inner = ''] = mark;
  return kind === 'logo' ? inner.match(/<img src="([^"]+)" alt=""/)?.[1] : inner.match(/class="lucide lucide-([a-z-]+)"/)?.[1];
}

describe('one header per page', () => {
  it('makes a first banner the header at either level, with the one h1, and leaves the title band out', async () => {
    for (const level of [undefined, 2, 1] as const) {
      const body = await render(page([banner('The banner heading', level), prose]));
      expect(headings(body, 1), String(level)).toEqual(['The banner heading']);
      expect(body).not.toContain('The page title</');
    }
  });

  it('gives a page that opens with anything else the title band, and a later banner an h2', async () => {
    const body = await render(page([prose, banner('Further down')]));
    expect(headings(body, 1)).toEqual(['The page title']);
    expect(headings(body, 2)).toContain('Further down');
  });

  it('opens every page of the site with exactly one h1, the first banner heading when there is one', async () => {
    for (const { route, page: each } of pages) {
      if (each.layout === 'navigationOnly' || route.includes('[')) continue;
      const [first] = each.blocks;
      const body = await render(each);
      const expected = first?.type === 'banner' ? first.heading : (each.heading ?? each.title);
      if (first?.type === 'productDetail' || first?.type === 'jobDetail') continue;
      expect(headings(body, 1), route).toEqual([expected]);
    }
  });
});

describe("the header's mark", () => {
  it("shows the technology's logo beside the h1, the icon when the technology has no logo, and nothing when neither is given", async () => {
    expect(headerMark(await render(page([prose], { technology: 'Salesforce', icon: 'cloud' })))).toBe(
      '/images/technologies/salesforce.svg',
    );
    expect(headerMark(await render(page([prose], { technology: 'ServiceNow', icon: 'workflow' })))).toBe('workflow');
    expect(headerMark(await render(page([prose], { technology: 'ServiceNow' })))).toBeUndefined();
    expect(headerMark(await render(page([prose])))).toBeUndefined();
    // The heading still names the page on its own: the mark is hidden from screen readers.
    expect(headings(await render(page([prose], { technology: 'Oracle' })), 1)).toEqual(['The page title']);
  });

  it('marks every technology page of the site, with a logo where a logo set has one', async () => {
    const marks = Object.fromEntries(
      await Promise.all(
        pages
          .filter(({ route }) => route.startsWith('/technology/'))
          .map(async ({ route, page: each }) => [route, headerMark(await render(each))]),
      ),
    );
    expect(marks).toEqual({
      '/technology/blockchain': 'boxes',
      '/technology/netsuite': '/images/technologies/oracle-netsuite.svg',
      '/technology/open-source': 'git-branch',
      '/technology/oracle': '/images/technologies/oracle.svg',
      '/technology/salesforce': '/images/technologies/salesforce.svg',
      '/technology/service-now': 'workflow',
      '/technology/sharepoint': '/images/technologies/microsoft-sharepoint.svg',
    });
  });
});
