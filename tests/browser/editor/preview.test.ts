import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorSession, violations } from './editor-session';

const session = editorSession('editor-preview');
const { openEditor, openFile } = session;

const preview = 'iframe[data-preview]';

/** The preview's frame, once it shows the draft being edited (hidden or not: on a phone it is a tab). */
async function drawn(page: Page): Promise<Frame> {
  await page.locator(`${preview}[data-drawn]`).waitFor({ state: 'attached' });
  const frame = await (await page.locator(preview).elementHandle())?.contentFrame();
  if (!frame) throw new Error('The preview has no frame.');
  return frame;
}

/** Opens a file on a narrow screen, where the preview is a tab out of view at first. */
async function openNarrow(page: Page, path: string): Promise<void> {
  await page.goto(`${session.base()}/edit?path=${encodeURIComponent(path)}`);
  await page.getByRole('tab', { name: 'Blocks' }).waitFor();
  await drawn(page);
}

/** The padding of every block's box in the preview, top and bottom. */
const paddings = (frame: Frame): Promise<string[]> =>
  frame.evaluate(() =>
    [...document.querySelectorAll('[data-editor-block]')].map((marker) => {
      const style = getComputedStyle(marker.firstElementChild ?? marker);
      return `${style.paddingTop} ${style.paddingBottom}`;
    }),
  );

/** Where the keyboard's focus is: an element of the editor, or one inside the preview's frame. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (active?.tagName === 'IFRAME') {
      const inner = (active as HTMLIFrameElement).contentDocument?.activeElement;
      return `frame: ${inner?.tagName} ${inner?.textContent?.trim().slice(0, 30)}`;
    }
    return `editor: ${active?.tagName} ${(active?.textContent ?? '').trim().slice(0, 30)}`;
  });

describe('the editor’s preview', () => {
  it('opens a page asking the editor’s server for each answer once, before the app has run, and checks nothing it was given', async () => {
    const { page } = await openEditor();
    await page.locator('a[data-file="pages/index.json"]').waitFor();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`));
    await openFile(page, 'pages/about.json');
    await page.getByRole('heading', { name: /^Block 1:/ }).waitFor();
    // Past the check's pause: a check asked for on opening would have gone by now.
    await page.waitForTimeout(600);
    const count = (line: string): number => asked.filter((request) => request === line).length;
    expect(count('GET /__editor/api/model')).toBe(1);
    expect(count('GET /__editor/api/file?path=pages%2Fabout.json')).toBe(1);
    expect(asked.filter((request) => request.startsWith('POST /__editor/api/check'))).toEqual([]);
    // The app's page names both, so the browser asks while the app's scripts still load.
    const html = await (
      await page.request.get(`${session.base()}/edit?path=pages%2Fabout.json`, { headers: { Accept: 'text/html' } })
    ).text();
    expect(html).toContain('as="fetch" crossorigin href="/__editor/api/file?path=pages%2Fabout.json"');
    // A change is checked as before.
    await page.getByLabel('Heading', { exact: false }).first().fill('About Nuvora, checked');
    await page.waitForRequest((request) => request.url().endsWith('/__editor/api/check'));
    await page.context().close();
  });

  it('keeps a new page’s styles through every edit: a block typed in, then the page’s own fields', async () => {
    const { page } = await openEditor();
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Address').fill('/services/preview-styles');
    await page.getByLabel('Title').fill('Preview styles');
    await page.getByRole('button', { name: 'Create the page' }).click();
    for (const type of ['prose', 'cardGrid']) {
      await page.getByRole('button', { name: 'Add a block', exact: true }).click();
      await page.getByRole('dialog', { name: 'Add a block' }).locator(`[data-palette="${type}"]`).click();
    }
    let frame = await drawn(page);
    await expect.poll(() => frame.locator('[data-editor-block]').count()).toBe(2);
    // The navigation bar's island adds style tags of its own once it hydrates: the page's must stay ahead of them.
    await frame.locator('[data-island][data-hydrated]').first().waitFor({ state: 'attached' });
    const before = await paddings(frame);
    expect(before.every((padding) => padding !== '0px 0px')).toBe(true);

    // Typed in one block: that block alone is drawn again.
    await page.getByRole('button', { name: /^2\. / }).click();
    await page.getByRole('textbox', { name: 'Heading', exact: true }).fill('What we test');
    await page.frameLocator(preview).getByRole('heading', { name: 'What we test' }).waitFor();
    frame = await drawn(page);
    expect(await paddings(frame)).toEqual(before);

    // The page's title: the whole page is drawn again.
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Preview styles, kept');
    await page.frameLocator(preview).getByRole('heading', { name: 'Preview styles, kept' }).waitFor();
    frame = await drawn(page);
    expect(await paddings(frame)).toEqual(before);
    await page.context().close();
  });

  it('shows the jobs on the careers page as their drafts have them, also as another tab changes one', async () => {
    const { page: job } = await openEditor();
    await openFile(job, 'pages/_collections/jobs/ux-ui-designer.json');
    await job.getByRole('textbox', { name: 'Job title', exact: true }).fill('Product Designer');
    await expect
      .poll(() => job.evaluate(() => localStorage.getItem('page-editor:draft:pages/_collections/jobs/ux-ui-designer.json') ?? ''))
      .toContain('Product Designer');
    // Another tab of the same browser: it shares the drafts.
    const careers = await job.context().newPage();
    await openFile(careers, 'pages/careers.json');
    const list = careers.frameLocator(preview).locator('[data-island]').filter({ hasText: 'Open positions' });
    await list.getByText('Product Designer', { exact: true }).waitFor();
    expect(await list.getByText('UX/UI Designer', { exact: true }).count()).toBe(0);

    // The job's tab changes its draft again: the careers page follows without a reload.
    await job.getByRole('textbox', { name: 'Job title', exact: true }).fill('Lead Product Designer');
    await list.getByText('Lead Product Designer', { exact: true }).waitFor();
    // Nothing was saved.
    expect(session.read('pages/_collections/jobs/ux-ui-designer.json')).toContain('"title": "UX/UI Designer"');
    await job.context().close();
  });

  it('renders with the drafts of collection entries only, each path checked as any other the editor opens', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/careers.json');
    const answer = await page.evaluate(async () => {
      const open = async (path: string) => (await (await fetch(`/__editor/api/file?path=${encodeURIComponent(path)}`)).json()).value;
      const careers = await open('pages/careers.json');
      const job = await open('pages/_collections/jobs/frontend-web-developer.json');
      const response = await fetch('/__editor/api/render', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          path: 'pages/careers.json',
          value: careers,
          drafts: {
            'pages/_collections/jobs/frontend-web-developer.json': { ...job, title: 'Front-end Engineer' },
            // Not an entry: a page's draft does not change another page.
            'pages/about.json': { title: 'Never shown' },
            // Not content files: refused, so left out.
            'schemas/page.schema.json': { ...job, title: 'Not content' },
            'pages/_collections/jobs/../../../package.json': { ...job, title: 'Outside' },
            'pages/_collections/jobs/not-json.txt': { ...job, title: 'Not JSON' },
          },
        }),
      });
      return { status: response.status, body: ((await response.json()) as { body: string }).body };
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Front-end Engineer');
    expect(answer.body).not.toContain('Frontend Web Developer');
    for (const words of ['Never shown', 'Not content', 'Outside', 'Not JSON']) expect(answer.body).not.toContain(words);
    await page.context().close();
  });

  it('on a phone: holds the window still, offers the panes as tabs, and draws the page at a phone’s width, full size', async () => {
    const { page } = await openEditor('/', 390);
    await openNarrow(page, 'pages/testing.json');
    const scrolled: number[] = [];
    for (let sample = 0; sample < 15; sample += 1) {
      scrolled.push(await page.evaluate(() => window.scrollY));
      await page.waitForTimeout(200);
    }
    expect(Math.max(...scrolled)).toBe(0);

    const tabs = page.getByRole('tablist', { name: 'Parts of the editor' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Blocks', 'Fields', 'Preview']);
    const shown = () => page.locator('[role="tabpanel"]:not([hidden])').count();
    await expect.poll(shown).toBe(1);
    await expect.poll(() => page.getByRole('navigation', { name: 'Page outline' }).isVisible()).toBe(true);

    // The arrow keys move between the tabs.
    await tabs.first().focus();
    for (const tab of ['Fields', 'Preview']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    await expect.poll(shown).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Page outline' }).isVisible()).toBe(false);
    const frame = page.locator(preview);
    await expect.poll(() => frame.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    const box = await frame.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      inner: (element as HTMLIFrameElement).contentWindow?.innerWidth,
    }));
    // Drawn at 390 CSS pixels and not scaled down: as on a phone.
    expect(box).toEqual({ width: 390, inner: 390 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Choosing a block shows its fields, with the focus there (not dropped to the page's body).
    await page.getByRole('tab', { name: 'Blocks' }).click();
    await page.getByRole('button', { name: /^4\. Steps/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Fields' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Block 4: Steps' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Fields');

    // A problem's "show" brings the fields' tab back, with the cursor in the field.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('tab', { name: 'Blocks' }).click();
    await page.getByRole('button', { name: /^Page settings/ }).click();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Too short.');
    await page.getByRole('tab', { name: 'Preview' }).click();
    // On a slow phone (or a busy machine), the field is there before its tab is shown, and can take
    // the cursor only once it is: CI caught the cursor lost there. Six times slower here, it was lost each time.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.locator('[data-save]').click();
    await expect.poll(() => page.getByRole('tab', { name: 'Fields' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_description');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.context().close();
  });

  it('scrolls only the preview to the block chosen, never the editor around it', async () => {
    // Short enough that the frame is taller than its pane, whose box can then scroll.
    const { page } = await openEditor('/', 1366);
    await page.setViewportSize({ width: 1366, height: 640 });
    await openFile(page, 'pages/testing.json');
    const frame = await drawn(page);
    await page.getByRole('button', { name: /^5\. Call to action/ }).click();
    await expect.poll(() => frame.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolledAround = await page.locator(preview).evaluate((element) => {
      const offsets: number[] = [window.scrollY];
      for (let box = element.parentElement; box; box = box.parentElement) offsets.push(box.scrollTop, box.scrollLeft);
      return offsets.filter((offset) => offset !== 0);
    });
    expect(scrolledAround).toEqual([]);
    await page.context().close();
  });

  it('keeps the page’s links out of the Tab order until the preview is entered, and Escape comes back', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/testing.json');
    await page.getByRole('link', { name: 'All pages' }).focus();
    const stops: string[] = [];
    // Once round the whole editor, back to where it started.
    for (let step = 0; step < 150; step += 1) {
      await page.keyboard.press('Tab');
      const stop = await focused(page);
      stops.push(stop);
      if (stop.startsWith('editor: A All pages')) break;
    }
    expect(stops.at(-1)).toBe('editor: A All pages');
    expect(stops.filter((stop) => stop.startsWith('frame:'))).toEqual([]);
    expect(stops).toContain('editor: BUTTON Enter the preview');

    await page.locator('[data-enter-preview]').focus();
    expect(await page.locator('[data-enter-preview]').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatch(/^frame: A /);
    // Inside, Tab walks the page's own links.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^frame: /);
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('editor: BUTTON Enter the preview');
    await page.context().close();
  });

  it('is usable with a screen reader at 1366 and 390 px: axe finds no violation, on every tab', async () => {
    const { page } = await openEditor();
    await openFile(page, 'pages/careers.json');
    const found = (await violations(page)).map((line) => `1366 ${line}`);
    await page.locator('[data-enter-preview]').focus();
    found.push(...(await violations(page)).map((line) => `1366, "Enter the preview" shown ${line}`));
    await page.setViewportSize({ width: 390, height: 844 });
    await openNarrow(page, 'pages/careers.json');
    for (const tab of ['Blocks', 'Fields', 'Preview']) {
      await page.getByRole('tab', { name: tab }).click();
      found.push(...(await violations(page)).map((line) => `390, ${tab} ${line}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
