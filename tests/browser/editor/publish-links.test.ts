import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, tabTo, violations } from './editor-session';

const session = editorSession('editor-publish-links', { git: true });
const { content, openEditor } = session;

describe('Publishing a page the menu links to', () => {
  it('is refused in words naming the page and the menu entry, and goes out with that entry taken out, keyboard only, at 390 and 1366 px', async () => {
    rmSync(join(content, 'pages/testing.json'));
    for (const width of [390, 1366]) {
      const { page, errors } = await openEditor('/changes', width);
      await page.locator('[data-change="pages/testing.json"]').waitFor();
      await tabTo(page, '#publish-message');
      await page.keyboard.press('Control+a');
      await page.keyboard.type('No more testing page');
      await tabTo(page, 'form button[type="submit"]');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('[data-publish-result]').textContent())
        .toBe(
          'Nothing was published: “Testing services” cannot be taken off the site yet: the menu (Services › Design & Data › Testing) still links to it. It can be published with that link taken out, or the page kept.',
        );
      expect(await violations(page)).toEqual([]);
      if (width === 1366) {
        await tabTo(page, 'button[data-take-out-links]');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Take the links out and publish');
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.locator('[data-publish-result]').textContent())
          .toBe('Published “Testing services”, with the links to it taken out: visitors get it once the live site has taken it.');
        await expect.poll(() => page.locator('[data-nothing-waiting]').textContent()).toBe('Nothing else waits to be published.');
        expect(await violations(page)).toEqual([]);
      }
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const files = (await git(session.remote, ['show', '--name-status', '--format=%s', 'main'])).stdout.trim().split('\n');
    expect(files).toEqual(['No more testing page', '', 'M\tpages/_site.json', 'D\tpages/testing.json']);
    expect((await git(session.remote, ['show', 'main:pages/_site.json'])).stdout).not.toContain('"/testing"');
  });
});
