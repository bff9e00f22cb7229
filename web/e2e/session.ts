import type { Page } from 'playwright-core';
import type { TestAccount } from './accounts';
import { baseUrl } from './browser';

/** Logs a verified account in and buys the subscription through the test-mode checkout. */
export async function loginAndSubscribe(page: Page, account: TestAccount): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/checkout`);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payments/test-checkout/'));
  await page
    .getByRole('button', { name: /^Pay\b/i })
    .or(page.getByRole('link', { name: /^Pay\b/i }))
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
  await page.getByRole('heading', { level: 1, name: 'Payment Successful!' }).waitFor({ timeout: 20_000 });
}
