import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { baseUrl, launchChromium } from './browser';
import { collectPageErrors, DESKTOP, screenshotBothWidths } from './screens';

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(async () => browser?.close());

describe('public pages', () => {
  it.each([
    ['/', 'home', 'P&ID Digitizer'],
    ['/login', 'login', 'Log In'],
    ['/register', 'register', 'Create Account'],
    ['/learn-more', 'learn-more', 'How P&ID Digitizer Works'],
    ['/pricing', 'pricing', 'Pricing'],
    ['/forgot-password', 'forgot-password', 'Forgot Password'],
    ['/reset-password', 'reset-password-invalid', 'Reset Password'],
    ['/verify-email', 'verify-email', 'Verify Your Email'],
    ['/payment-success', 'payment-success-no-session', 'Payment Verification'],
  ])('%s shows its title without errors', async (route, name, title) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectPageErrors(page);
    await page.goto(`${baseUrl}${route}`);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    // Let data-driven pages settle (pricing loads the plan) before the pictures.
    await page.waitForLoadState('networkidle');
    await screenshotBothWidths(page, `page-${name}`);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('opens the small-screen menu with the signed-out items', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Login', 'Register', 'Pricing', 'Learn More']);
    await page.close();
  });

  it('redirects guarded pages of a signed-out visitor to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/checkout`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByText('Please log in to continue with payment').waitFor();
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
  });

  it('sends an unknown path to /404', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseUrl}/definitely/not/here`);
    await page.waitForURL(`${baseUrl}/404`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'My Drawings' }).getAttribute('href')).toBe('/dashboard');
    await screenshotBothWidths(page, 'page-404');
    await page.close();
  });
});
