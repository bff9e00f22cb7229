import type { Page } from 'playwright-core';
import { saveScreenshot } from './browser';

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 375, height: 812 };

/** Saves `${name}-desktop` (1280 px) and `${name}-mobile` (375 px) of the current page, then restores desktop. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [MOBILE, 'mobile'],
  ] as const) {
    await page.setViewportSize(viewport);
    // Layouts that switch in script (media queries seen by React) re-render after the resize.
    await page.waitForTimeout(250);
    await saveScreenshot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(DESKTOP);
  // And after the way back: a click right away can land while the desktop layout replaces the mobile one, and
  // miss (the checkout flow failed so in CI).
  await page.waitForTimeout(250);
}

/** Fails the test on any uncaught page error. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
