/**
 * Frame-time benchmark of the drawing viewer: a drawing of 2,000 elements and 2,000 connections,
 * seeded through the real API of a running stack, opened in Chromium; the canvas is panned (scrolled)
 * and zoomed (Ctrl + wheel) one step per animation frame while requestAnimationFrame records the gaps
 * between frames. Run it with `npm run bench:viewer` from the repository root.
 * Environment: BENCH_ELEMENTS, BENCH_CONNECTIONS, BENCH_FRAMES.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, it } from '@jest/globals';
import { createVerifiedAccount } from '../e2e/accounts';
import { apiWithToken, connectionBody } from '../e2e/api';
import { baseUrl, launchChromium, saveScreenshot } from '../e2e/browser';
import { drawingPng } from '../e2e/png';
import { DESKTOP } from '../e2e/screens';
import { loginAndSubscribe } from '../e2e/session';
import { frameStats, frameTable, type FrameStats } from './frame-stats';
import { poll } from '../e2e/poll';

const ELEMENTS = Number(process.env.BENCH_ELEMENTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 240);
const SHEET = { width: 5000, height: 3500 };
const COLUMNS = 50;
const PITCH = { x: SHEET.width / COLUMNS, y: SHEET.height / Math.ceil(ELEMENTS / COLUMNS) };
const SEED_CONCURRENCY = 8;

let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(async () => browser?.close());

/** Runs `task` over `items` with a few requests in flight. */
async function inParallel<T, R>(items: T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return results;
}

/** Uploads a large sheet and fills it with a grid of elements, each joined to its right-hand neighbour by an L-shaped pipe. */
async function seedDrawing(token: string): Promise<string> {
  const form = new FormData();
  form.append('drawing', new Blob([new Uint8Array(drawingPng(SHEET.width, SHEET.height))], { type: 'image/png' }), 'bench-sheet.png');
  form.append('name', 'Frame benchmark');
  const drawing = await apiWithToken<{ _id: string }>(token, '/api/drawings', { method: 'POST', body: form });
  if (drawing.status >= 300) throw new Error(`Upload failed: ${drawing.status} ${drawing.text}`);
  const drawingId = drawing.body._id;

  const boxOf = (index: number) => ({
    x: Math.round((index % COLUMNS) * PITCH.x + 20),
    y: Math.round(Math.floor(index / COLUMNS) * PITCH.y + 20),
    width: 40,
    height: 30,
  });
  const ids = await inParallel(
    Array.from({ length: ELEMENTS }, (_unused, index) => index),
    async (index) => {
      const created = await apiWithToken<{ _id: string }>(token, '/api/elements', {
        method: 'POST',
        body: {
          drawing: drawingId,
          elementType: 'node',
          name: `TAG-${1000 + index}`,
          description: '',
          boundingBox: boxOf(index),
          confirmed: index % 3 === 0,
        },
      });
      if (created.status >= 300) throw new Error(`Seeding failed: ${created.status} ${created.text}`);
      return created.body._id;
    },
  );
  await inParallel(
    Array.from({ length: CONNECTIONS }, (_unused, index) => index),
    async (index) => {
      const source = index % ELEMENTS;
      const target = (index + 1 + Math.floor(index / ELEMENTS) * COLUMNS) % ELEMENTS;
      const [from, to] = [boxOf(source), boxOf(target)];
      const start: [number, number] = [from.x + from.width, from.y + from.height / 2];
      const corner: [number, number] = [to.x + to.width / 2, start[1]];
      const created = await apiWithToken(token, '/api/connections', {
        method: 'POST',
        body: connectionBody(
          drawingId,
          ids[source],
          ids[target],
          [
            { orientation: 'horizontal', start, end: corner },
            { orientation: 'vertical', start: corner, end: [corner[0], to.y] },
          ],
          index % 2 === 0,
        ),
      });
      if (created.status >= 300) throw new Error(`Seeding failed: ${created.status} ${created.text}`);
    },
  );
  return drawingId;
}

type Gesture = 'idle' | 'pan' | 'zoom';

/**
 * In the page: one step of the gesture per animation frame, `frames` times; returns the gaps between
 * frames. Pan scrolls the canvas diagonally and bounces at its edges; zoom sends Ctrl + wheel steps
 * in to 500 % and back out, as a trackpad would.
 */
function recordFrames(page: Page, gesture: Gesture, frames: number): Promise<number[]> {
  return page.evaluate(
    async ({ gesture, frames }) => {
      const canvas = document.querySelector<HTMLElement>('[data-testid="viewer-canvas"]');
      if (!canvas) throw new Error('no viewer canvas');
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      let direction = { x: 1, y: 1 };
      let zoomIn = true;
      const step = () => {
        if (gesture === 'pan') {
          if (canvas.scrollLeft + canvas.clientWidth >= canvas.scrollWidth - 1) direction = { ...direction, x: -1 };
          if (canvas.scrollLeft <= 0) direction = { ...direction, x: 1 };
          if (canvas.scrollTop + canvas.clientHeight >= canvas.scrollHeight - 1) direction = { ...direction, y: -1 };
          if (canvas.scrollTop <= 0) direction = { ...direction, y: 1 };
          canvas.scrollBy(24 * direction.x, 16 * direction.y);
        } else if (gesture === 'zoom') {
          const percent = Number.parseInt(document.querySelector('[data-testid="zoom-percent"]')?.textContent ?? '100', 10);
          if (percent >= 500) zoomIn = false;
          if (percent <= 100) zoomIn = true;
          const rect = canvas.getBoundingClientRect();
          canvas.dispatchEvent(
            new WheelEvent('wheel', {
              deltaY: zoomIn ? -100 : 100,
              ctrlKey: true,
              clientX: rect.left + rect.width / 2,
              clientY: rect.top + rect.height / 2,
              bubbles: true,
              cancelable: true,
            }),
          );
        }
      };
      const gaps: number[] = [];
      let last = await nextFrame();
      for (let frame = 0; frame < frames; frame += 1) {
        step();
        const now = await nextFrame();
        gaps.push(now - last);
        last = now;
      }
      return gaps;
    },
    { gesture, frames },
  );
}

it(`viewer frame times with ${ELEMENTS} elements and ${CONNECTIONS} connections`, async () => {
  const account = await createVerifiedAccount('bench-viewer');
  const page = await browser.newPage({ viewport: DESKTOP });
  await loginAndSubscribe(page, account);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not logged in');

  const seedStarted = performance.now();
  const drawingId = await seedDrawing(token);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  process.stderr.write(`seeded ${ELEMENTS} elements and ${CONNECTIONS} connections in ${seedSeconds.toFixed(1)} s\n`);

  const openStarted = performance.now();
  await page.goto(`${baseUrl}/drawing/${drawingId}`);
  await page.getByText(`Elements (${ELEMENTS})`).waitFor({ timeout: 120_000 });
  await poll(() => page.locator('[data-element-id]').count(), { timeout: 120_000 }).toBe(ELEMENTS);
  await poll(() => page.locator('[data-connection-id]').count(), { timeout: 120_000 }).toBe(CONNECTIONS);
  await page.locator('img[alt="Drawing"]').evaluate((img: HTMLImageElement) => img.decode());
  const openSeconds = (performance.now() - openStarted) / 1000;
  await saveScreenshot(page, 'bench-viewer-2000');

  const rows: Record<string, FrameStats> = {};
  rows['idle (reference)'] = frameStats(await recordFrames(page, 'idle', 60));
  rows['zoom (Ctrl + wheel, 100–500 %)'] = frameStats(await recordFrames(page, 'zoom', FRAMES));
  // Pan at 200 %, where the sheet overflows the canvas both ways.
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  for (let click = 0; click < 10; click += 1) await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByTestId('zoom-percent').filter({ hasText: '200%' }).waitFor();
  rows['pan (scroll at 200 %)'] = frameStats(await recordFrames(page, 'pan', FRAMES));

  process.stdout.write(
    [
      '',
      `Viewer frame times: ${ELEMENTS} elements + ${CONNECTIONS} connections, ${SHEET.width}×${SHEET.height} px sheet, Chromium ${browser.version()} headless, ${DESKTOP.width}×${DESKTOP.height}`,
      `seeded through the API in ${seedSeconds.toFixed(1)} s; viewer open with every box drawn in ${openSeconds.toFixed(1)} s`,
      '',
      frameTable(rows),
      '',
    ].join('\n') + '\n',
  );
  await page.close();
}, 600_000);
