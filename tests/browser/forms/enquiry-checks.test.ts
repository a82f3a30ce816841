/** The enquiry dialog's checks of each field, and what closing it keeps or clears. */
import { describe, expect, it } from 'vitest';
import { sharedBrowser } from '../browser';
import { ENQUIRY, enquiryOpener, errorOf } from './enquiry-dialog';

const openEnquiry = enquiryOpener(sharedBrowser());

describe('enquiry dialog', () => {
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
});
