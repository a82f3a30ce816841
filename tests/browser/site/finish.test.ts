import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';

const browser = sharedBrowser();
const WIDTHS = [320, 390, 768, 992, 1024, 1366, 1920];

describe('the finish of the site', () => {
  it('sends each page with the design tokens its own CSS reads, and has every token once React starts, before a dialog draws', async () => {
    const token = (page: import('playwright-core').Page, name: string) =>
      page.evaluate((property) => getComputedStyle(document.documentElement).getPropertyValue(property), name);
    // As sent: red is a colour only the form's messages use, so /about does not carry it.
    const still = await browser().newContext({ javaScriptEnabled: false });
    const sent = await still.newPage();
    await sent.goto(`${inject('baseUrl')}/about`);
    await expect(token(sent, '--chakra-colors-red-700')).resolves.toBe('');
    await expect(token(sent, '--chakra-colors-brand-600')).resolves.not.toBe('');
    await still.close();
    // The bar's own script needs none of them; once React starts (for the dialog, here), every
    // token is there, and the form's messages are red.
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.locator('[data-island="navBar"][data-hydrated]').waitFor();
    expect(await page.locator('link[data-tokens-full]').count()).toBe(0);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The full set is a stylesheet of its own (one for the site), added as React starts.
    expect(await page.locator('link[data-tokens-full]').count()).toBe(1);
    await expect.poll(() => token(page, '--chakra-colors-red-700')).not.toBe('');
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    const message = dialog.getByText('Name is required');
    await message.waitFor();
    const color = await message.evaluate((element) => getComputedStyle(element).color);
    const [red = 0, green = 0, blue = 0] = color.match(/\d+/g)?.map(Number) ?? [];
    expect(red, color).toBeGreaterThan(green + 60);
    expect(red, color).toBeGreaterThan(blue + 60);
    await page.close();
  });

  it('keeps the footer e-mail on one line and sets the footer apart from a dark closing section, at every width', async () => {
    for (const width of WIDTHS) {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      await page.goto(`${inject('baseUrl')}/digital`);
      const footer = await page.evaluate(() => {
        const mail = document.querySelector<HTMLElement>('footer a[href^="mailto:"]');
        const element = document.querySelector('footer');
        const before = element?.previousElementSibling?.lastElementChild;
        const style = element && getComputedStyle(element);
        return {
          lines: mail ? mail.getClientRects().length : 0,
          inside: mail ? mail.getBoundingClientRect().right <= window.innerWidth : false,
          footer: style?.backgroundColor,
          border: style ? `${style.borderTopWidth} ${style.borderTopStyle}` : '',
          closing: before ? getComputedStyle(before).backgroundColor : '',
        };
      });
      expect(footer.lines, `${width}`).toBe(1);
      expect(footer.inside, `${width}`).toBe(true);
      expect(footer.footer).not.toBe(footer.closing);
      expect(footer.border).toBe('1px solid');
      await page.close();
    }
  });

  it('ends a short page with the footer at the bottom of the window, no strip under it', async () => {
    for (const [width, height] of [
      [390, 844],
      [1366, 768],
      [1920, 1200],
    ] as const) {
      const page = await browser().newPage({ viewport: { width, height } });
      await page.goto(`${inject('baseUrl')}/no-such-page`);
      const { bottom, total } = await page.evaluate(() => ({
        bottom: (document.querySelector('footer')?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
        total: Math.max(document.documentElement.scrollHeight, window.innerHeight),
      }));
      expect(Math.round(bottom), `${width}×${height}`).toBe(total);
      await page.close();
    }
  });

  it('shows every technology tag whole at every width, with its logo from 1280 px where it has one', async () => {
    for (const width of [320, 390, 480, 576, 768, 800, 992, 1024, 1200, 1280, 1366]) {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      await page.goto(`${inject('baseUrl')}/`);
      // The tags as Swiper lays them out: the ticker hydrated (only it matters here).
      await page.locator('[data-ticker-tag]').first().scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-island="ticker"][data-hydrated]');
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-ticker-tag]')]
          .filter((tag) => tag.scrollWidth > tag.clientWidth + 1 || tag.scrollHeight > tag.clientHeight + 1)
          .map((tag) => tag.textContent),
      );
      expect(cut, `${width}`).toEqual([]);
      if (width >= 1280) {
        // A logo beside its name (hidden from screen readers: the name is the text), and none where Simple Icons has none.
        const logos = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>('[data-ticker-tag]')].map((tag) => [
              tag.textContent,
              tag.querySelector('img')?.checkVisibility() ? tag.querySelector('img')?.getAttribute('alt') : null,
            ]),
          ),
        );
        expect(logos.Python).toBe('');
        expect(logos['Node.js']).toBe('');
        expect(logos.RAG).toBeNull();
      }
      await page.close();
    }
  });

  it('shows the picture of a product tapped on a phone right where the visitor is looking', async () => {
    const page = await browser().newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${inject('baseUrl')}/`);
    const tab = page.getByRole('tab', { name: 'Customs Management System' });
    await tab.scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="productCarousel"][data-hydrated]');
    // The row at the very bottom of the screen, its pictures below it, out of sight.
    await tab.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await tab.tap();
    await page.waitForFunction(() => {
      const picture = document.querySelector('[role="tabpanel"][data-active] img');
      const box = picture?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.top < window.innerHeight - 100 && picture?.getAttribute('src')?.includes('customs'));
    });
    // Every product stays reachable: the row scrolls sideways, the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.close();
  });

  it('makes a card that leads somewhere one link, with one title colour on every card', async () => {
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${inject('baseUrl')}/browse-by/funtion`);
    const card = page.locator('article:has(a[data-card-link])').first();
    const href = await card.locator('a[data-card-link]').getAttribute('href');
    // A click anywhere on the card, here its bottom-left corner, follows its link.
    const box = await card.boundingBox();
    if (!box) throw new Error('The card has no box.');
    await page.mouse.click(box.x + 8, box.y + box.height - 8);
    await page.waitForURL(`**${href}`);
    for (const route of ['/browse-by/funtion', '/testing', '/']) {
      await page.goto(`${inject('baseUrl')}${route}`);
      const colours = await page.evaluate(() => [
        ...new Set([...document.querySelectorAll('article :is(h2, h3)')].map((title) => getComputedStyle(title).color)),
      ]);
      expect(colours, route).toHaveLength(1);
    }
    await page.close();
  });
});
