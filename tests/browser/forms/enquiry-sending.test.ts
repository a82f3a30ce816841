/** Sending the enquiry: what reaches the store, the spam checks a person passes, and a server that fails. */
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { sharedBrowser } from '../browser';
import { ENQUIRY, enquiryOpener, fillEnquiry } from './enquiry-dialog';

const openEnquiry = enquiryOpener(sharedBrowser());

describe('enquiry dialog', () => {
  it('sends the enquiry, closes, resets, thanks the visitor, and stores it', async () => {
    const { page, dialog } = await openEnquiry();
    const sent: unknown[] = [];
    page.on(
      'request',
      (request) =>
        void (
          request.url().endsWith('/api/enquiry') &&
          sent.push({ method: request.method(), type: request.headers()['content-type'], body: request.postDataJSON() })
        ),
    );
    await fillEnquiry(dialog, 'Browser test');
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    const thanks = page.getByRole('alertdialog', { name: 'Connect you shortly' });
    await thanks.waitFor();
    expect(await thanks.innerText()).toContain(
      'Someone from our team will get back to you within a day. Usually, we get back in a few hours.',
    );
    expect(await thanks.locator('img').getAttribute('src')).toBe('/images/dialogs/thanks.svg');
    expect(await dialog.isVisible()).toBe(false);
    expect(sent).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: {
          name: 'Browser test',
          mobile: '+91 9876543210',
          email: 'priya@example.com',
          message: 'We would like to pilot a service desk agent.',
        },
      },
    ]);
    const db = new Database(inject('storePath'), { readonly: true });
    expect(db.prepare('SELECT name, mobile FROM enquiries WHERE name = ?').get('Browser test')).toEqual({
      name: 'Browser test',
      mobile: '+91 9876543210',
    });
    db.close();
    // A plain Close button under the message, with focus on it, and the ✕ in the corner (which this test uses to close it).
    const closers = thanks.getByRole('button', { name: 'Close' });
    expect(await closers.count()).toBe(2);
    const close = closers.filter({ hasText: 'Close' });
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);
    await closers.filter({ hasNotText: 'Close' }).click();
    await thanks.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await expect(page.getByRole('dialog', { name: ENQUIRY }).getByLabel('Name').inputValue()).resolves.toBe('');
    await page.close();
  });

  it('takes a person who fills it in by keyboard for a person: the honeypot is out of their way, the token goes along', async () => {
    const { page, dialog } = await openEnquiry();
    const opened = Date.now();
    // Tab from the first field to the last control: the honeypot is never reached.
    await dialog.getByLabel('Name').focus();
    const reached: string[] = [];
    for (let presses = 0; presses < 12; presses += 1) {
      reached.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || ''));
      await page.keyboard.press('Tab');
    }
    expect(reached).not.toContain('enquiry-reference');
    expect(reached).toContain('enquiry_message');
    // Nor does a screen reader meet it, nor an autofill take it for one of its fields.
    expect(await dialog.ariaSnapshot()).not.toContain('Reference');
    const trap = dialog.locator('[data-form-trap]');
    expect(await trap.getAttribute('autocomplete')).toBe('off');
    expect(await trap.evaluate((input) => (input.closest('[inert]') ? 'inert' : 'reachable'))).toBe('inert');
    let token: string | undefined;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/enquiry')) token = request.headers()['x-form-token'];
    });
    await fillEnquiry(dialog, 'Keyboard person');
    await page.waitForTimeout(Math.max(0, 2300 - (Date.now() - opened)));
    await dialog.getByRole('button', { name: 'Get in Touch' }).press('Enter');
    await page.getByRole('alertdialog', { name: 'Connect you shortly' }).waitFor();
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const db = new Database(inject('storePath'), { readonly: true });
    expect(db.prepare('SELECT spam FROM enquiries WHERE name = ?').get('Keyboard person')).toEqual({ spam: null });
    db.close();
    await page.close();
  });

  it('takes a person for a person when the token could not be had as the form opened, and again for a second enquiry', async () => {
    const { page, dialog } = await openEnquiry();
    // The first token request fails (a network blip); the form asks again as the person types.
    let refused = false;
    await page.route('**/api/form-token*', (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.abort();
    });
    for (const name of ['After a blip', 'Second enquiry']) {
      if (name === 'Second enquiry') {
        await page.getByRole('alertdialog', { name: 'Connect you shortly' }).getByRole('button', { name: 'Close' }).first().click();
        await page.getByRole('button', { name: 'Book a Demo' }).click();
        await dialog.waitFor();
      }
      await fillEnquiry(dialog, name);
      await page.waitForTimeout(2300);
      await dialog.getByRole('button', { name: 'Get in Touch' }).press('Enter');
      await page.getByRole('alertdialog', { name: 'Connect you shortly' }).waitFor();
      const db = new Database(inject('storePath'), { readonly: true });
      expect(db.prepare('SELECT spam FROM enquiries WHERE name = ?').get(name)).toEqual({ spam: null });
      db.close();
    }
    expect(refused).toBe(true);
    await page.close();
  });

  it('keeps everything typed and says so in an alert when the server fails, and can try again', async () => {
    const { page, dialog } = await openEnquiry(inject('failingUrl'));
    await fillEnquiry(dialog);
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Your message was not sent');
    expect(await alert.getByRole('link').getAttribute('href')).toMatch(/^mailto:/);
    await expect(dialog.getByLabel('Message').inputValue()).resolves.toBe('We would like to pilot a service desk agent.');
    await expect(dialog.getByLabel('Country code').inputValue()).resolves.toBe('+91');
    const attempts: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('/api/enquiry') && attempts.push(request.method())));
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => attempts.length).toBe(1);
    await page.close();
  });

  it('shows progress and cannot send twice while sending', async () => {
    const { page, dialog } = await openEnquiry(inject('failingUrl'));
    let release: () => void = () => {};
    const requests: string[] = [];
    await page.route('**/api/enquiry', async (route) => {
      requests.push(route.request().url());
      await new Promise<void>((resolve) => (release = resolve));
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true,"id":1}' });
    });
    await fillEnquiry(dialog);
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    const button = dialog.locator('button[type="submit"]');
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.innerText()).toContain('Sending…');
    await button.click({ force: true }).catch(() => undefined);
    await dialog.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    release();
    const thanks = page.getByRole('alertdialog', { name: 'Connect you shortly' });
    await thanks.waitFor();
    expect(requests).toHaveLength(1);
    // The button under the message closes it.
    await thanks.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await thanks.waitFor({ state: 'hidden' });
    await page.close();
  });
});
