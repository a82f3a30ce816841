import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { editorSession, GIT_USER, tabTo, violations } from './editor-session';

const session = editorSession('editor-publish-page', { git: true });
const { content, openEditor, openFile } = session;

describe('Publish in the page editor', () => {
  it('publishes the page’s saved change from beside Save, keyboard only, and names the other pages waiting, at 390 and 1366 px', async () => {
    // Another page has a change waiting: it is named, and not published.
    const careers = join(content, 'pages/careers.json');
    writeFileSync(careers, readFileSync(careers, 'utf8').replace(/"title": "[^"]*"/, '"title": "Work with us"'));
    for (const [width, title] of [
      [390, 'About the studio'],
      [1366, 'About the studio, in short'],
    ] as const) {
      const { page, errors } = await openEditor('/', width);
      await openFile(page, 'pages/about.json');
      // Nothing saved to publish yet: no Publish beside Save.
      expect(await page.locator('[data-publish-page]').count()).toBe(0);
      await page.getByRole('button', { name: /^Page settings/ }).click();
      const field = page.getByRole('textbox', { name: 'Title', exact: true });
      await field.fill(title);
      await field.press('Control+s');
      await page.getByText('Saved.', { exact: true }).first().waitFor();
      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await publish.waitFor();
      // On the phone by Ctrl+Enter from the field (as Ctrl+S saves), on the wide screen by Tab to Publish.
      if (width === 390) await page.keyboard.press('Control+Enter');
      else {
        await tabTo(page, '[data-publish-page]');
        await page.keyboard.press('Enter');
      }
      const dialog = page.getByRole('dialog', { name: `Publish “${title}”` });
      await dialog.waitFor();
      // The cursor is in the description, which proposes what changed.
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      expect(await dialog.getByRole('textbox', { name: 'Description of the change' }).inputValue()).toContain(title);
      expect(await dialog.textContent()).toContain(
        'Only this page is published. 1 other page has changes waiting too: see them in Changes.',
      );
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Control+a');
      await page.keyboard.type(`About: ${title}`);
      if (width === 390) await page.keyboard.press('Control+Enter');
      else {
        await tabTo(page, 'form button[type="submit"]');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Publish this page');
        await page.keyboard.press('Enter');
      }
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`Published “${title}”: visitors get it once the live site has taken it.`).waitFor();
      await expect.poll(() => page.locator('[data-publish-page]').count()).toBe(0);
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();

      const last = (await git(session.remote, ['log', '-1', '--format=%an%n%s', '--name-only', 'main'])).stdout.trim().split('\n');
      expect(last).toEqual([GIT_USER.name, `About: ${title}`, '', 'pages/about.json']);
    }
    // The other page's change still waits.
    expect((await git(content, ['status', '--porcelain'])).stdout.trim()).toBe('M pages/careers.json');
  });
});
