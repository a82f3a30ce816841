import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { collectConsole, sharedBrowser } from '../browser';

const browser = sharedBrowser();
const ENQUIRY = 'Expect guidance for your project. Chat with us now!';

async function openEnquiry(base = inject('baseUrl'), options: { clock?: boolean } = {}): Promise<{ page: Page; dialog: Locator }> {
  const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
  if (options.clock) await page.clock.install();
  await page.goto(`${base}/about`);
  await page.getByRole('button', { name: 'Book a Demo' }).click();
  const dialog = page.getByRole('dialog', { name: ENQUIRY });
  await dialog.getByRole('button', { name: 'Get in Touch' }).waitFor();
  // The dialog moves focus to its first field once open; interact after that.
  await page.waitForFunction(() => document.activeElement?.id === 'enquiry_name');
  return { page, dialog };
}

const errorOf = async (field: Locator): Promise<string | null> => {
  const described = await field.getAttribute('aria-describedby');
  if (!described) return null;
  return field
    .page()
    .locator(`[id="${described.split(' ')[0]}"]`)
    .textContent();
};

async function fillEnquiry(dialog: Locator, name = 'Priya'): Promise<void> {
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('priya@example.com');
  await dialog.getByLabel('Country code').selectOption('+91');
  await dialog.getByLabel('Phone number').fill('9876543210');
  await dialog.getByLabel('Message').fill('We would like to pilot a service desk agent.');
}

describe('enquiry dialog', () => {
  it('loads the form code only when the dialog first opens', async () => {
    const page = await browser().newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForLoadState('networkidle');
    const before = scripts.length;
    expect(scripts.some((url) => /DialogHost|open-dialog/.test(url))).toBe(false);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    expect(scripts.slice(before).some((url) => /open-dialog/.test(url))).toBe(true);
    await page.close();
  });

  it('fetches the dialog code when the pointer reaches a button that opens it, or the focus does, before any press', async () => {
    for (const reach of ['pointer', 'keyboard'] as const) {
      // A context of its own: nothing of the dialog is in its cache.
      const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => void (/open-dialog/.test(request.url()) && fetched.push(request.url())));
      await page.goto(`${inject('baseUrl')}/about`);
      await page.waitForLoadState('networkidle');
      expect(fetched, reach).toEqual([]);
      const button = page.getByRole('button', { name: 'Book a Demo' }).first();
      const response = page.waitForResponse((answer) => /open-dialog/.test(answer.url()));
      if (reach === 'pointer') await button.hover();
      else await button.focus();
      expect((await response).ok(), reach).toBe(true);
      expect(await page.getByRole('dialog').count(), reach).toBe(0);
      // The press then opens it, from the cache.
      if (reach === 'pointer') await button.click();
      else await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
      expect(fetched, reach).toHaveLength(1);
      await context.close();
    }
  });

  it('opens on the first press on a cold cache, the dialog code fetched by the press itself', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${inject('baseUrl')}/about`);
    await page.waitForLoadState('networkidle');
    // A tap: no hover before it, and nothing of the dialog fetched until it.
    const cold = await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /open-dialog/.test(entry.name)));
    expect(cold).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('button', { name: 'Book a Demo' }).tap();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    await context.close();
  });

  it("shows every field's message on submit, under its field, and focuses the first invalid field", async () => {
    const { page, dialog } = await openEnquiry();
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    const expected: [string, string][] = [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Country code', 'Please select country code'],
      ['Phone number', 'Phone number is required'],
      ['Message', 'Message is required'],
    ];
    for (const [label, message] of expected) {
      await expect(errorOf(dialog.getByLabel(label))).resolves.toBe(message);
      await expect(dialog.getByLabel(label).getAttribute('aria-invalid')).resolves.toBe('true');
    }
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('enquiry_name');
    await page.close();
  });

  it('checks each field when the visitor leaves it, without judging fields not yet visited', async () => {
    const { page, dialog } = await openEnquiry();
    const name = dialog.getByLabel('Name');
    await name.fill('Priya Raman Subramanian');
    await name.blur();
    await expect(errorOf(name)).resolves.toBe('Must be 15 characters or less');
    await expect(errorOf(dialog.getByLabel('Email'))).resolves.toBeNull();
    await name.fill('Priya');
    await expect(errorOf(name)).resolves.toBeNull();
    const email = dialog.getByLabel('Email');
    await email.fill('priya@example');
    await email.blur();
    await expect(errorOf(email)).resolves.toBe('Invalid Email');
    await email.fill('');
    await email.blur();
    await expect(errorOf(email)).resolves.toBe('Email is required');
    const code = dialog.getByLabel('Country code');
    await code.focus();
    await code.blur();
    await expect(errorOf(code)).resolves.toBe('Please select country code');
    const phone = dialog.getByLabel('Phone number');
    await phone.pressSequentially('98a7-65 43');
    await expect(phone.inputValue()).resolves.toBe('9876543');
    expect(await phone.getAttribute('inputmode')).toBe('numeric');
    await phone.blur();
    await expect(errorOf(phone)).resolves.toBe('Phone number should be minimum 10 digits');
    await phone.fill('');
    await phone.blur();
    await expect(errorOf(phone)).resolves.toBe('Phone number is required');
    const message = dialog.getByLabel('Message');
    await message.focus();
    await message.blur();
    await expect(errorOf(message)).resolves.toBe('Message is required');
    await page.close();
  });

  it("shows a left field's message after the click that left it, so the click is not moved off its button", async () => {
    const { page, dialog } = await openEnquiry();
    // The empty, required Name has focus. A press at the top edge of the send button leaves it;
    // its message, shown at once, would push the button down before the release.
    const send = await dialog.getByRole('button', { name: 'Get in Touch' }).boundingBox();
    if (!send) throw new Error('The send button is not shown.');
    await page.mouse.click(send.x + send.width / 2, send.y + 3);
    // The click sent the form: the fields not yet visited show their messages too.
    await expect.poll(() => errorOf(dialog.getByLabel('Email'))).toBe('Email is required');
    await expect(errorOf(dialog.getByLabel('Name'))).resolves.toBe('Name is required');
    // Leaving a field by clicking another still shows its message, once the click is done.
    await dialog.getByLabel('Name').fill('Priya Raman Subramanian');
    const email = await dialog.getByLabel('Email').boundingBox();
    if (!email) throw new Error('The Email field is not shown.');
    await page.mouse.click(email.x + 20, email.y + 3);
    await expect.poll(() => errorOf(dialog.getByLabel('Name'))).toBe('Must be 15 characters or less');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('enquiry_email');
    await page.close();
  });

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
    // Shorter than the test's own limit, so that a wait that fails names what it waited for.
    page.setDefaultTimeout(8000);
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
    page.setDefaultTimeout(8000);
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

  it('clears the form when the close button closes the dialog', async () => {
    const { page, dialog } = await openEnquiry();
    await dialog.getByLabel('Name').fill('Half typed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await expect(page.getByRole('dialog', { name: ENQUIRY }).getByLabel('Name').inputValue()).resolves.toBe('');
    await page.close();
  });

  it('keeps what was typed on a stray click beside the dialog; Escape closes it and focus returns to its button', async () => {
    const { page, dialog } = await openEnquiry();
    await dialog.getByLabel('Name').fill('Still here');
    await page.mouse.click(5, 5);
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Still here');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Book a Demo');
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

  it('validates under a Content-Security-Policy without unsafe-eval', async () => {
    const page = await browser().newPage();
    const messages = collectConsole(page);
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': "script-src 'self'; object-src 'none'" },
      });
    });
    await page.goto(`${inject('baseUrl')}/about`);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    const dialog = page.getByRole('dialog', { name: ENQUIRY });
    await dialog.getByRole('button', { name: 'Get in Touch' }).click();
    await expect(errorOf(dialog.getByLabel('Name'))).resolves.toBe('Name is required');
    expect(messages.filter((message) => /Content Security Policy|unsafe-eval/i.test(message))).toEqual([]);
    await page.close();
  });
});

describe('dialog buttons without JavaScript', () => {
  it('gives way to a link that writes to the team, on every page and every width, and hides that link where scripts run', async () => {
    const mail = 'mailto:hello@nuvora-systems.example?subject=';
    const calls = [
      ['/', ['Book a Demo', 'Book a 20-min Fit Call', 'Get Your Free Quote', 'Schedule a Call']],
      ['/career-detail', ['Book a Demo', 'Apply Now']],
    ] as const;
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const still = await browser().newContext({ viewport, javaScriptEnabled: false });
      const page = await still.newPage();
      for (const [route, names] of calls) {
        await page.goto(`${inject('baseUrl')}${route}`);
        // No button that needs a script is shown: each is a link to the contact address, its words the subject.
        const dead = await page
          .locator('[data-opens]')
          .evaluateAll((buttons) => buttons.filter((button) => button.getClientRects().length > 0).length);
        expect(dead, `${route} at ${viewport.width} px`).toBe(0);
        for (const name of names) {
          const links = page.locator(`a[href="${mail}${encodeURIComponent(name)}"]`);
          const where = `${name} on ${route} at ${viewport.width} px`;
          await expect(links.first().textContent(), where).resolves.toBe(name);
          // On a phone the bar's own button is in its menu, shown once the menu opens; on a wide screen it is in the bar.
          if (viewport.width > 1200 || name !== 'Book a Demo')
            expect(await links.filter({ visible: true }).count(), where).toBeGreaterThan(0);
        }
      }
      await still.close();
    }
    // With scripts, the buttons open their dialogs and the links are not there for anyone, a screen reader included.
    const page = await browser().newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${inject('baseUrl')}/`);
    await expect(page.getByRole('link', { name: 'Book a Demo', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    await page.getByRole('dialog', { name: ENQUIRY }).waitFor();
    await page.close();
  });
});

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
