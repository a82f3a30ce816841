import Database from 'better-sqlite3';
import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';
import { errorOf } from './enquiry-dialog';

const browser = sharedBrowser();

describe('apply dialog', () => {
  async function openApply(base = inject('baseUrl'), options: { clock?: boolean } = {}) {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    if (options.clock) await page.clock.install();
    await page.goto(`${base}/career-detail`);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply for this position' });
    await dialog.getByRole('button', { name: 'Submit application' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'apply_fullName');
    return { page, dialog };
  }

  async function fillApplication(dialog: Locator): Promise<void> {
    await dialog.getByLabel('Full name').fill('Priya Raman');
    await dialog.getByLabel('Phone number').fill('9876543210');
    await dialog.getByLabel('Email').fill('priya@example.com');
    await dialog.getByLabel('Cover letter').fill('I have designed enterprise dashboards for five years.');
  }

  it('marks the required fields and checks them like the enquiry', async () => {
    const { page, dialog } = await openApply();
    for (const label of ['Full name', 'Phone number', 'Email', 'Cover letter']) {
      expect(await dialog.locator('label', { hasText: label }).locator('span[aria-hidden="true"]').textContent(), label).toBe('*');
    }
    expect(await dialog.getByLabel('CV').getAttribute('accept')).toBe('.pdf,.docx,.doc,.rtf,.txt');
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect(errorOf(dialog.getByLabel('Full name'))).resolves.toBe('Full name is required');
    await expect(errorOf(dialog.getByLabel('Cover letter'))).resolves.toBe('Cover letter is required');
    await page.close();
  });

  it('refuses a .exe CV and one over 5 MB, naming the allowed formats', async () => {
    const { page, dialog } = await openApply();
    const cv = dialog.getByLabel('CV');
    await cv.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(errorOf(cv)).resolves.toBe('CV must be a PDF, DOCX, DOC, RTF or TXT file');
    await cv.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(errorOf(cv)).resolves.toBe('CV must be 5 MB or smaller');
    await page.close();
  });

  it("shows the chosen CV by name and size in the site's own picker, and removes it again", async () => {
    const { page, dialog } = await openApply();
    const cv = dialog.getByLabel('CV');
    // The browser's unstyled "Choose File" is not drawn: the site's button stands for it.
    expect(await cv.evaluate((input) => getComputedStyle(input).opacity)).toBe('0');
    expect(await dialog.locator('label', { hasText: 'Choose a file' }).isVisible()).toBe(true);
    await cv.setInputFiles({ name: 'priya-raman-cv.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(240_000, 0x20) });
    const status = dialog.locator('[data-file-chosen]');
    await expect.poll(() => status.textContent()).toBe('priya-raman-cv.pdf · 240 kB');
    // From the keyboard (a click would work too; leaving the empty first field shows its error and moves the rows under the pointer).
    await dialog.getByRole('button', { name: 'Remove priya-raman-cv.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe('');
    expect(await cv.evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(0);
    // Focus goes back to the field, so a keyboard user carries on from where they were.
    expect(await cv.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.close();
  });

  it('sends the application with its CV as multipart data and stores both', async () => {
    const { page, dialog } = await openApply();
    await fillApplication(dialog);
    await dialog
      .getByLabel('CV')
      .setInputFiles({ name: 'priya-raman.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% test\n') });
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('alertdialog', { name: 'Application received' }).waitFor();
    const db = new Database(inject('storePath'), { readonly: true });
    expect(
      db
        .prepare("SELECT full_name AS fullName, cv_name AS cvName, cv_type AS cvType FROM applications WHERE cv_name = 'priya-raman.pdf'")
        .get(),
    ).toEqual({
      fullName: 'Priya Raman',
      cvName: 'priya-raman.pdf',
      cvType: 'application/pdf',
    });
    db.close();
    await page.close();
  });

  it('stores a CV of exactly 5 MB whose name is not ASCII, with its name as Chromium sent it', async () => {
    const { page, dialog } = await openApply();
    await fillApplication(dialog);
    const name = 'Lebenslauf_Müller_简历 «final».pdf';
    const content = Buffer.alloc(5 * 1024 * 1024, 0x20);
    content.write('%PDF-1.7\n');
    await dialog.getByLabel('CV').setInputFiles({ name, mimeType: 'application/pdf', buffer: content });
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('alertdialog', { name: 'Application received' }).waitFor();
    const db = new Database(inject('storePath'), { readonly: true });
    expect(db.prepare('SELECT cv_name AS cvName, length(cv) AS size FROM applications ORDER BY id DESC LIMIT 1').get()).toEqual({
      cvName: name,
      size: 5 * 1024 * 1024,
    });
    db.close();
    await page.close();
  });

  it('reports a failure when the server gives no answer within 15 seconds, keeping what was typed', async () => {
    const { page, dialog } = await openApply(inject('failingUrl'), { clock: true });
    await fillApplication(dialog);
    await dialog.getByRole('button', { name: 'Submit application' }).click();
    await expect.poll(() => dialog.locator('button[type="submit"]').isDisabled()).toBe(true);
    await page.clock.runFor(14_000);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.clock.runFor(1_500);
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toContain('Your application was not sent');
    await expect(dialog.getByLabel('Full name').inputValue()).resolves.toBe('Priya Raman');
    await page.close();
  });
});
