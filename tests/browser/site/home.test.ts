import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';

const parking = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../pages/_collections/products/parking-solutions.json'), 'utf8'),
) as {
  image: { alt: string };
};

const browser = sharedBrowser();

async function openHome(options: { reducedMotion?: 'reduce' | 'no-preference'; width?: number; clock?: boolean } = {}): Promise<Page> {
  const page = await browser().newPage({
    viewport: { width: options.width ?? 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  if (options.clock) await page.clock.install();
  await page.goto(`${inject('baseUrl')}/`);
  return page;
}

const tabs = (page: Page, heading: string) => page.getByRole('tablist', { name: heading }).getByRole('tab');

describe('home page', () => {
  it('shows the home sections in order, from the hero to the closing call', async () => {
    const page = await openHome();
    const headings = await page.locator('main h1, main h2').allTextContents();
    expect(headings.slice(0, 9)).toEqual([
      'AI agents and software that take real work off your teams',
      'One unified team',
      'Trusted by teams that run critical operations',
      'Our Expertise',
      'AI services technology',
      'Why Agentic AI',
      'Products & Solutions',
      'Outcomes we are measured on',
      'Schedule a Call',
    ]);
    expect(await page.locator('main section').filter({ hasText: 'Our Expertise' }).locator('article').count()).toBe(9);
    expect(await page.locator('main section').filter({ hasText: 'Why Agentic AI' }).locator('article').count()).toBe(4);
    expect(await tabs(page, 'Products & Solutions').count()).toBe(11);
    await page.close();
  });

  it('plays a muted, looping background video with a poster, and pauses it on request', async () => {
    const page = await openHome();
    await page.waitForSelector('[data-island="heroVideo"][data-hydrated]');
    const video = page.locator('video');
    expect(
      await video.evaluate((element: HTMLVideoElement) => [element.muted, element.loop, element.playsInline, element.autoplay]),
    ).toEqual([true, true, true, true]);
    expect(await video.getAttribute('poster')).toBe('/media/hero-poster.jpg');
    await page.getByRole('button', { name: 'Pause background video' }).click();
    await page.getByRole('button', { name: 'Play background video' }).waitFor();
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await page.close();
  });

  it('keeps the video still under reduced motion', async () => {
    const page = await openHome({ reducedMotion: 'reduce' });
    await page.waitForSelector('[data-island="heroVideo"][data-hydrated]');
    await page.waitForTimeout(300);
    expect(await page.locator('video').evaluate((element: HTMLVideoElement) => element.paused && element.currentSrc === '')).toBe(true);
    expect(await page.getByRole('button', { name: 'Pause background video' }).isVisible()).toBe(false);
    await page.close();
  });

  it('counts each figure up from 0 to its value once it is in view', async () => {
    const page = await openHome({ clock: true });
    const figures = page.locator('[data-counter-value]');
    await figures.first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="counters"][data-hydrated]');
    await page.clock.runFor(500);
    const early = Number(await figures.nth(1).textContent());
    expect(early).toBeLessThan(100);
    await page.clock.runFor(7000);
    await expect(figures.allTextContents()).resolves.toEqual(['7', '100', '15', '100', '20', '50']);
    expect(await page.locator('dd').filter({ hasText: 'Completed projects' }).count()).toBe(0);
    expect((await page.locator('main dl').first().innerText()).replace(/\s+/g, ' ')).toContain('Completed projects 100+');
    await page.close();
  });

  it('shows the final figures at once under reduced motion', async () => {
    const page = await openHome({ reducedMotion: 'reduce' });
    await page.locator('[data-counter-value]').first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="counters"][data-hydrated]');
    await expect(page.locator('[data-counter-value]').allTextContents()).resolves.toEqual(['7', '100', '15', '100', '20', '50']);
    await page.close();
  });

  it('runs the two ticker rows continuously, 8 and 6 tags wide, reversed on the second, paused by hover', async () => {
    const page = await openHome();
    const rows = page.locator('.swiper');
    await rows.first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="ticker"][data-hydrated]');
    const state = () =>
      rows.evaluateAll((elements) =>
        elements.map((element) => {
          const swiper = (
            element as HTMLElement & {
              swiper: {
                params: { slidesPerView: number; speed: number; autoplay: { reverseDirection: boolean } };
                autoplay: { running: boolean };
              };
            }
          ).swiper;
          return {
            perView: swiper.params.slidesPerView,
            speed: swiper.params.speed,
            reverse: swiper.params.autoplay.reverseDirection,
            running: swiper.autoplay.running,
          };
        }),
      );
    expect(await state()).toEqual([
      { perView: 8, speed: 5900, reverse: false, running: true },
      { perView: 6, speed: 7000, reverse: true, running: true },
    ]);
    // Moving: the first row's position changes; under the pointer it stands still.
    const position = () =>
      rows
        .first()
        .locator('.swiper-wrapper')
        .evaluate((wrapper) => new DOMMatrix(getComputedStyle(wrapper).transform).m41);
    const start = await position();
    await page.waitForTimeout(300);
    expect(await position()).not.toBe(start);
    await rows.first().hover();
    await page.waitForTimeout(100);
    const held = await position();
    await page.waitForTimeout(400);
    expect(await position()).toBe(held);
    await page.close();
  });

  it('shows fewer tags on narrow screens: 5 and 4 under 769 px, 4 and 3 under 480 px', async () => {
    for (const [width, expected] of [
      [700, [5, 4]],
      [400, [4, 3]],
    ] as const) {
      const page = await openHome({ width });
      await page.locator('.swiper').first().scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-island="ticker"][data-hydrated]');
      const perView = await page
        .locator('.swiper')
        .evaluateAll((elements) =>
          elements.map(
            (element) => (element as HTMLElement & { swiper: { params: { slidesPerView: number } } }).swiper.params.slidesPerView,
          ),
        );
      expect(perView, `${width}px`).toEqual(expected);
      await page.close();
    }
  });

  it('stops the ticker under reduced motion', async () => {
    const page = await openHome({ reducedMotion: 'reduce' });
    await page.locator('.swiper').first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="ticker"][data-hydrated]');
    await page.waitForTimeout(200);
    const running = await page
      .locator('.swiper')
      .evaluateAll((elements) =>
        elements.map((element) => (element as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running),
      );
    expect(running).toEqual([false, false]);
    await page.close();
  });

  it('makes the clicked product active and shows its picture and text (tabs), also from the keyboard', async () => {
    const page = await openHome();
    const products = tabs(page, 'Products & Solutions');
    await products.first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="productCarousel"][data-hydrated]');
    await products.filter({ hasText: 'Parking Solutions' }).click();
    await expect(products.filter({ hasText: 'Parking Solutions' }).getAttribute('aria-selected')).resolves.toBe('true');
    const panel = page.locator(`[id="${await products.filter({ hasText: 'Parking Solutions' }).getAttribute('aria-controls')}"]`);
    await expect.poll(() => panel.isVisible()).toBe(true);
    // The picture and its text alternative are the product's own, from its entry in the products collection.
    await expect(panel.locator('img').getAttribute('alt')).resolves.toBe(parking.image.alt);
    await expect.poll(() => page.getByRole('tabpanel').filter({ visible: true }).count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    await expect(products.filter({ hasText: 'Food Ordering App' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Food Ordering App');
    // The active product links to its own page (pages/products/[products].json); hidden ones are not focusable.
    await expect.poll(() => page.getByRole('link', { name: /^More about / }).count()).toBe(1);
    await page.getByRole('link', { name: 'More about Food Ordering App' }).click();
    await page.waitForURL(/\/products\/food-ordering-app$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Food Ordering App');
    await page.close();
  });

  it('advances the second carousel every 7200 ms until its pause button is pressed', async () => {
    const page = await openHome({ clock: true });
    const outcomes = tabs(page, 'Outcomes we are measured on');
    await outcomes.first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="productCarousel"][data-hydrated]');
    const active = () =>
      outcomes.evaluateAll((elements) => elements.findIndex((element) => element.getAttribute('aria-selected') === 'true'));
    // The interval starts at hydration, a moment real time decides (on a slow machine it ate
    // the 100 ms margin below): stop the clock, then start the interval at a known time with
    // Pause, Play and focus leaving the block.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.mouse.click(5, 5);
    const start = await active();
    await page.clock.runFor(7100);
    await expect(active()).resolves.toBe(start);
    await page.clock.runFor(200);
    const next = (start + 1) % (await outcomes.count());
    await expect(active()).resolves.toBe(next);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.mouse.click(5, 5);
    await page.clock.runFor(20_000);
    await expect(active()).resolves.toBe(next);
    await page.close();
  });

  it('opens the one enquiry dialog from every call to action, and closes it with its close button', async () => {
    const page = await openHome();
    for (const name of ['Book a Demo', 'Book a 20-min Fit Call', 'Get Your Free Quote', 'Schedule a Call']) {
      await page.getByRole('button', { name, exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Expect guidance for your project. Chat with us now!' });
      await dialog.waitFor({ state: 'visible' });
      // The page behind holds still while the dialog is open, and scrolls again once it closes.
      const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
      await expect.poll(overflow).toBe('hidden');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(overflow).not.toBe('hidden');
    }
    await page.close();
  });
});
