import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';

const browser = sharedBrowser();

describe('careers', () => {
  it('filters the job cards on Submit, says so when none match, and shows all four on Reset', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${inject('baseUrl')}/careers`);
    await page.waitForSelector('[data-island="jobList"][data-hydrated]');
    const cards = page.locator('main li article');
    expect(await cards.count()).toBe(4);
    await page.getByLabel('Category').selectOption('Angular Development');
    expect(await cards.count()).toBe(4);
    await page.getByRole('button', { name: 'Submit' }).click();
    // Newest first: the list is every job in pages/_collections/jobs/, by date.
    await expect(cards.locator('h3').allTextContents()).resolves.toEqual(['Android & Java Spring Boot Developer', 'AngularJS Developer']);
    await page.getByLabel('Location').selectOption('Madurai');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await cards.count()).toBe(0);
    await page.getByText('No open positions match these filters. Press Reset to see them all.').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await cards.count()).toBe(4);
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('');
    await page.close();
  });

  it('leads each View Details to its own posting, made from the job, and /career-detail shows the UX/UI Designer', async () => {
    const page = await browser().newPage();
    await page.goto(`${inject('baseUrl')}/careers`);
    const links = await page
      .getByRole('link', { name: /^View Details/ })
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('href')));
    expect(links).toEqual([
      '/careers/android-java-spring-boot-developer',
      '/careers/frontend-web-developer',
      '/careers/angularjs-developer',
      '/careers/ux-ui-designer',
    ]);
    await page.getByRole('link', { name: /^View Details\W+Frontend Web Developer$/ }).click();
    await page.waitForURL(/frontend-web-developer$/);
    await expect(page.locator('main h2').first().textContent()).resolves.toBe('Frontend Web Developer');
    await page.goto(`${inject('baseUrl')}/career-detail`);
    await expect(page.locator('main h2').first().textContent()).resolves.toBe('UX/UI Designer');
    for (const text of [
      'Location',
      'Chennai',
      'Work type',
      'Full time',
      'Resources required',
      '2',
      'Experience needed',
      '3+ years',
      'Responsibilities',
      'Skills',
    ]) {
      expect(await page.locator('main').innerText()).toContain(text);
    }
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await page.getByRole('dialog', { name: 'Apply for this position' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Previous Post' }).click();
    await page.waitForURL(/\/careers$/);
    await page.close();
  });
});
