import { join } from 'node:path';
import type { ComponentProps, ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { blocks } from '../../src/generated/blocks';
import { blockSchemas, loadSchemaSet } from '../../scripts/content/schema/schema-set';
import { resolvePage } from '../../scripts/content/resolve-page';
import { loadSite } from '../../scripts/content/load-site';
import { createValidator } from '../../scripts/content/checks/create-validator';
import type { Block } from '../../src/generated/schema-types';
import { renderToHtml, textOf } from '../render-to-html';

const set = loadSchemaSet(join(import.meta.dirname, '../../schemas'));
const schemas = blockSchemas(set);
const { check } = createValidator(set);
const { entries } = loadSite(join(import.meta.dirname, '../..'));

/** A block as a loaded page holds it: validated, with its schema's defaults filled in. */
function loaded<B extends { type: Block['type'] }>(block: B): Extract<Block, { type: B['type'] }> {
  const page = {
    $schema: '../schemas/page.schema.json',
    schemaVersion: 1,
    title: 'Blocks',
    description: 'A page that holds one block, to render it.',
    blocks: [block],
  };
  const { value, problems, refs } = check('page.schema.json', 'blocks.json', JSON.stringify(page));
  if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('\n'));
  // References to entries become the entries, from the site's own collections.
  const resolved = resolvePage(value, refs, entries, set) as { blocks: Extract<Block, { type: B['type'] }>[] };
  return resolved.blocks[0] as Extract<Block, { type: B['type'] }>;
}

/**
 * Fields that are not words on the first render: addresses and settings, and the words of
 * states a visitor reaches later (the play button after pausing, the empty filter result).
 */
const NOT_VISIBLE = new Set([
  'type',
  'href',
  'src',
  'opens',
  'variant',
  'playLabel',
  'noResults',
  'id',
  'date',
  'pageTitle',
  'pageDescription',
  'category',
  // An icon's name is drawn, not written.
  'icon',
]);

/**
 * Fields of an entry that a block showing it leaves to another block: a job's list summary is
 * not on its own page, and its posting (duties, skills) is not in the list; likewise a
 * product's overview and features are on its page, not in a carousel.
 */
const SHOWN_ELSEWHERE: Partial<Record<Block['type'], Set<string>>> = {
  jobDetail: new Set(['summary']),
  jobList: new Set(['responsibilities', 'skills']),
  // A product's page shows the rest of it, with its name in the page's header.
  productCarousel: new Set(['overview', 'features']),
  productDetail: new Set(['title']),
};

function visibleStrings(value: unknown, hidden: Set<string>, key = ''): string[] {
  if (typeof value === 'string') return NOT_VISIBLE.has(key) || hidden.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => visibleStrings(item, hidden, key));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([child, item]) => visibleStrings(item, hidden, child));
  return [];
}

/** A block that fails as it renders. */
function Broken(): never {
  throw new Error('broken block');
}

describe('blocks', () => {
  for (const [type, { schema }] of schemas) {
    it(`renders every text of the ${type} schema's example`, async () => {
      const example = loaded((schema.examples as Block[])[0] ?? { type: type as Block['type'] });
      // Each example is checked against its schema in schemas.test.ts; here any block takes it.
      const Block = (await blocks[type as keyof typeof blocks].load()).default as unknown as ComponentType<Record<string, unknown>>;
      const { html, errors } = await renderToHtml(<Block {...example} />);
      expect(errors).toEqual([]);
      const text = textOf(html);
      for (const words of visibleStrings(example, SHOWN_ELSEWHERE[type as Block['type']] ?? new Set())) {
        // Alt text lives in an attribute, not in the text.
        if (html.includes(`alt="${words}"`)) continue;
        expect(text, `${type}: "${words}"`).toContain(words);
      }
    });
  }

  it('prerenders each counter at its final value, so it is readable without JavaScript', async () => {
    const { default: Counters } = await blocks.counters.load();
    const counters = loaded({ type: 'counters' as const, items: [{ value: 100, suffix: '+', label: 'Clients' }] });
    const { html } = await renderToHtml(<Counters {...counters} />);
    expect(html).toMatch(/data-counter-value="100">100<\/span><span aria-hidden="true">\+<\/span>/);
  });

  it('gives the product carousel the ARIA tabs pattern with the first product selected', async () => {
    const { default: Carousel } = await blocks.productCarousel.load();
    const example = loaded(
      (schemas.get('productCarousel')?.schema.examples as ComponentProps<typeof Carousel>[] | undefined)?.[0] ?? {
        type: 'productCarousel',
      },
    );
    const { html } = await renderToHtml(<Carousel {...example} />);
    expect(html.match(/role="tab"/g)).toHaveLength(2);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html.match(/role="tabpanel"/g)).toHaveLength(2);
  });

  it('draws a card icon as inline SVG hidden from screen readers, and makes a card with an address one link with an arrow', async () => {
    const { default: CardGrid } = await blocks.cardGrid.load();
    const grid = loaded({
      type: 'cardGrid' as const,
      heading: 'Cards',
      cards: [
        { icon: 'workflow', title: 'Leads somewhere', content: 'A card with an address.', href: '/about' },
        { icon: 'shield-check', title: 'Leads nowhere', content: 'A card without one.' },
      ],
    });
    const { html } = await renderToHtml(<CardGrid {...grid} />);
    const [first = '', second = ''] = html.split('<article').slice(1);
    // The icon is markup, drawn on the server: no script is needed to show it.
    expect(first).toMatch(/<span aria-hidden="true" class="[^"]*"><svg [^>]*class="lucide lucide-workflow"/);
    expect(second).toMatch(/class="lucide lucide-shield-check"/);
    // One link per card, its title; the arrow shows it leads somewhere.
    expect(first.match(/<a /g)).toHaveLength(1);
    expect(first).toMatch(/<h3[^>]*><a href="\/about" data-card-link="">Leads somewhere<\/a><\/h3>/);
    expect(first).toContain('data-card-arrow');
    expect(second).not.toContain('<a ');
    expect(second).not.toContain('data-card-arrow');
  });

  it("sets a prose block's key facts beside its text as a labelled list of outcomes, read from the outcomes collection", async () => {
    const { default: Prose } = await blocks.prose.load();
    const prose = loaded({
      type: 'prose' as const,
      paragraphs: ['Text.'],
      facts: { heading: 'What clients measure', outcomes: ['30-50-l1-deflection', 'a-90-day-roadmap'] },
    });
    const { html } = await renderToHtml(<Prose {...prose} />);
    expect(html).toMatch(/<aside aria-label="What clients measure"[^>]*>/);
    const terms = [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>\s*<dd[^>]*>(.*?)<\/dd>/g)].map(([, term, detail]) => [term, detail]);
    const entry = (id: string) => entries.get('outcomes')?.get(id)?.value as { title: string; text: string };
    expect(terms).toEqual([
      [entry('30-50-l1-deflection').title, entry('30-50-l1-deflection').text],
      [entry('a-90-day-roadmap').title, entry('a-90-day-roadmap').text],
    ]);
    expect(terms[0]?.[0]).toBe('30–50% L1 deflection');
  });

  it('says how long before the day the site is built a job was posted, counted from its date', async () => {
    const { default: JobDetail } = await blocks.jobDetail.load();
    // The example names the UX/UI Designer; its age is counted from its date to the build's day.
    type Posting = Extract<Block, { type: 'jobDetail' }>;
    const posting = loaded((schemas.get('jobDetail')?.schema.examples as Posting[] | undefined)?.[0] as Posting);
    const date = String(posting.job.date);
    const later = (days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const on = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    const posted = async (today: string) => textOf((await renderToHtml(<JobDetail {...posting} />, today)).html);
    expect(await posted(later(21))).toContain(`Posted on ${on} · 3 weeks ago`);
    expect(await posted(date)).toContain(`Posted on ${on} · today`);
    expect(await posted(later(99))).toContain(`Posted on ${on} · 3 months ago`);
  });

  it('refuses an icon name the icon set does not have, naming the allowed ones', () => {
    expect(() => loaded({ type: 'cardGrid' as const, cards: [{ icon: 'workflw', title: 'A card', content: 'Its text.' }] })).toThrow(
      /workflow/,
    );
  });

  it('renders a block that throws as its notice and keeps the rest of the page', async () => {
    const { BlockFrame } = await import('../../src/runtime/BlockFrame');
    const { html, errors } = await renderToHtml(
      <>
        <BlockFrame name="broken" notice="This section could not be shown.">
          <Broken />
        </BlockFrame>
        <p>The next block</p>
      </>,
    );
    expect(textOf(html)).toContain('This section could not be shown.');
    expect(textOf(html)).toContain('The next block');
    expect(String(errors[0])).toContain('broken block');
  });
});
