import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { poll } from './poll';

/** The CSV's rows by header name (RFC 4180, the byte order mark dropped). */
export const parseCsv = (text: string): Array<Record<string, string>> => parse(text, { bom: true, columns: true });

/** Downloads the viewer's export in `label` format (CSV, Excel, JSON); answers the file name and text. */
export async function exportFromViewer(page: Page, label: 'CSV' | 'Excel' | 'JSON'): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: label }).click()]);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { name: download.suggestedFilename(), text: label === 'Excel' ? '' : await readFile(file, 'utf8') };
}

/** Drags an overlay box by `dx` screen pixels to the right, in small steps as a hand would. */
export async function dragBox(page: Page, testId: string, dx: number): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not on screen`);
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + (dx * step) / 10, y);
  await page.mouse.up();
}

/** Whether the box of `testId` lies inside the canvas's visible area. */
export async function inView(page: Page, testId: string): Promise<boolean> {
  const [box, view] = await Promise.all([page.getByTestId(testId).boundingBox(), page.getByTestId('viewer-canvas').boundingBox()]);
  if (!box || !view) return false;
  return box.x >= view.x && box.y >= view.y && box.x + box.width <= view.x + view.width && box.y + box.height <= view.y + view.height;
}

/** Waits for the review progress to read `text`. */
export async function expectProgress(page: Page, text: string): Promise<void> {
  await poll(() => page.getByTestId('review-progress').textContent(), { timeout: 15_000 }).toBe(text);
}
