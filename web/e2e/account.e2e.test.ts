import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createVerifiedAccount, type TestAccount } from './accounts';
import { baseUrl, launchChromium } from './browser';
import { waitForMailLink } from './mailbox';
import { collectPageErrors, DESKTOP, screenshotBothWidths } from './screens';

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(async () => browser?.close());

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('login and logout', () => {
  let account: TestAccount;
  beforeAll(async () => void (account = await createVerifiedAccount('e2e-login')));

  it("shows the server's message for a wrong password", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await logIn(page, account.email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    await page.close();
  });

  it('logs in (to checkout without a subscription) and logs out to /', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await logIn(page, account.email, account.password);

    await page.waitForURL(`${baseUrl}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Complete Your Subscription' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const avatar = page.getByRole('button', { name: 'Open settings' });
    expect((await avatar.textContent())?.trim()).toBe('E');

    // The profile is open to verified users without a subscription.
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.getByText(account.email).waitFor();
    await page.getByRole('link', { name: 'Subscribe Now' }).waitFor();
    await screenshotBothWidths(page, 'profile-no-subscription');

    await page.getByRole('button', { name: 'Open settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);

    // Small screens: the hamburger lists Drawings, Upload and Profile; the avatar stays.
    await logIn(page, account.email, account.password);
    await page.waitForURL(`${baseUrl}/checkout`);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Drawings', 'Upload', 'Profile']);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open settings' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.setViewportSize(DESKTOP);

    // Signed out, the profile is behind the login again.
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
    expect(errors).toEqual([]);
  });
});

describe('forgot and reset password', () => {
  let account: TestAccount;
  beforeAll(async () => void (account = await createVerifiedAccount('e2e-reset')));

  it('mails a link, sets a new password, returns to /login after 3 s, and the new password works', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}/forgot-password`);
    const send = page.getByRole('button', { name: 'Send Reset Link' });
    expect(await send.isDisabled()).toBe(true);
    await page.locator('input[name="email"]').fill(account.email);
    await send.click();
    await page.getByText(`If an account exists with ${account.email}, password reset instructions have been sent.`).waitFor();
    await screenshotBothWidths(page, 'forgot-password-sent');

    await page.goto(await waitForMailLink(account.email, '/reset-password'));
    await page.locator('input[name="password"]').waitFor();
    await page.locator('input[name="password"]').fill('mismatch-1');
    await page.locator('input[name="confirmPassword"]').fill('mismatch-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await screenshotBothWidths(page, 'reset-password-form');

    const newPassword = 'a-brand-new-password';
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="confirmPassword"]').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your password has been reset.', { exact: false }).waitFor();
    const resetAt = Date.now();
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });
    expect(Date.now() - resetAt).toBeGreaterThan(2_000);

    await logIn(page, account.email, newPassword);
    await page.waitForURL(`${baseUrl}/checkout`);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('refuses a used or unknown link with "Request New Link"', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/reset-password?token=not-a-real-token`);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await page.getByRole('link', { name: 'Request New Link' }).click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.close();
  });
});
