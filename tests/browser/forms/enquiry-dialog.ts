import type { Browser, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';

/** The enquiry dialog's name. */
export const ENQUIRY = 'Expect guidance for your project. Chat with us now!';

/** The opener of the enquiry dialog for a test file, in pages of that file's browser. */
export function enquiryOpener(browser: () => Browser) {
  return async function openEnquiry(base = inject('baseUrl'), options: { clock?: boolean } = {}): Promise<{ page: Page; dialog: Locator }> {
    const page = await browser().newPage({ viewport: { width: 1280, height: 900 } });
    if (options.clock) await page.clock.install();
    await page.goto(`${base}/about`);
    await page.getByRole('button', { name: 'Book a Demo' }).click();
    const dialog = page.getByRole('dialog', { name: ENQUIRY });
    await dialog.getByRole('button', { name: 'Get in Touch' }).waitFor();
    // The dialog moves focus to its first field once open; interact after that.
    await page.waitForFunction(() => document.activeElement?.id === 'enquiry_name');
    return { page, dialog };
  };
}

/** The message under a field (the first element its aria-describedby names), or null when it has none. */
export const errorOf = async (field: Locator): Promise<string | null> => {
  const described = await field.getAttribute('aria-describedby');
  if (!described) return null;
  return field
    .page()
    .locator(`[id="${described.split(' ')[0]}"]`)
    .textContent();
};

/** Fills every field of the enquiry with values it accepts. */
export async function fillEnquiry(dialog: Locator, name = 'Priya'): Promise<void> {
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('priya@example.com');
  await dialog.getByLabel('Country code').selectOption('+91');
  await dialog.getByLabel('Phone number').fill('9876543210');
  await dialog.getByLabel('Message').fill('We would like to pilot a service desk agent.');
}
