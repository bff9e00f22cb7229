import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { baseUrl, launchChromium, saveScreenshot } from './browser';

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(async () => browser?.close());

describe('the running stack', () => {
  it('reports the gateway and all five services up', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    const health = (await response.json()) as { status: string; services: Record<string, { status: string }> };
    expect(response.status).toBe(200);
    expect(Object.keys(health.services).sort()).toEqual(['analysis', 'auth', 'billing', 'drawing', 'gateway', 'graph']);
    expect(Object.values(health.services).every((service) => service.status === 'up')).toBe(true);
  });

  it.each([
    ['desktop', 1280],
    ['mobile', 375],
  ])('shows the landing page in Chromium (%s, %i px)', async (name, width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const step of ['Upload', 'AI Processing', 'Verify', 'Export']) {
      await expect(page.getByRole('heading', { name: step, exact: true }).isVisible()).resolves.toBe(true);
    }
    await saveScreenshot(page, `landing-${name}`);
    await page.close();
    expect(errors).toEqual([]);
  });

  it('sends an unknown path to /404 with its two ways out', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(`${baseUrl}/404`);
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'My Drawings' }).getAttribute('href')).toBe('/dashboard');
    await saveScreenshot(page, 'not-found');
    await page.close();
  });
});
