import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysedA1Sheet, type AnalysedSheet } from './a1-sheet';
import { createVerifiedAccount } from './accounts';
import { apiWithToken } from './api';
import { baseUrl, launchChromium, saveScreenshot } from './browser';
import { collectPageErrors, DESKTOP } from './screens';
import { loginAndSubscribe } from './session';
import { dragBox, expectProgress, exportFromViewer, inView, parseCsv } from './viewer-helpers';
import { poll } from './poll';

/** The review of a real-size sheet (issue 46): a generated A1 sheet, analysed by the stack, reviewed in Chromium. */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface ElementRecord {
  _id: string;
  name: string;
  elementType: string;
  confirmed: boolean;
  boundingBox: Box;
  metadata?: { confidence?: number };
}
interface Segment {
  orientation: 'horizontal' | 'vertical';
  start: [number, number];
  end: [number, number];
}
interface ConnectionRecord {
  _id: string;
  source: string | { _id: string };
  target: string | { _id: string };
  metadata: { path_data?: { path: Segment[] } };
}

const ELEMENT_TYPES = ['equipment', 'valve', 'instrument', 'fitting', 'pipe', 'text', 'off_page_connector', 'node'];
const endId = (end: ConnectionRecord['source']) => (typeof end === 'string' ? end : end._id);
const orthogonal = (path: Segment[]) =>
  path.every((s) => (s.orientation === 'horizontal' ? s.start[1] === s.end[1] : s.start[0] === s.end[0])) &&
  path.every((s, i) => i === 0 || (s.start[0] === path[i - 1].end[0] && s.start[1] === path[i - 1].end[1]));

let browser: Browser;
let page: Page;
let token: string;
let sheet: AnalysedSheet;
let errors: string[];

const elementsNow = async () => (await apiWithToken<ElementRecord[]>(token, `/api/drawings/${sheet.drawingId}/elements`)).body;
const connectionsNow = async () => (await apiWithToken<ConnectionRecord[]>(token, `/api/drawings/${sheet.drawingId}/connections`)).body;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: DESKTOP });
  errors = collectPageErrors(page);
  await loginAndSubscribe(page, await createVerifiedAccount('e2e-review'));
  token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  sheet = await analysedA1Sheet(token, 4601);
}, 300_000);
afterAll(async () => browser?.close());

async function openViewer() {
  await page.goto(`${baseUrl}/drawing/${sheet.drawingId}`);
  await page.getByRole('heading', { name: sheet.name }).waitFor();
  await page.getByTestId('overlay').waitFor();
  await poll(() => page.locator('[data-element-id]').count(), { timeout: 30_000 }).toBeGreaterThan(50);
}

describe('reviewing a generated A1 sheet', () => {
  it('is readable at fit and at 300 %, with layers and Fit showing the whole sheet', async () => {
    const elements = await elementsNow();
    expect(elements.length).toBeGreaterThan(100);
    await openViewer();
    // Fit: the whole sheet is in view.
    const [image, view] = [await page.locator('img[alt="Drawing"]').boundingBox(), await page.getByTestId('viewer-canvas').boundingBox()];
    if (!image || !view) throw new Error('no image');
    expect(image.y + image.height).toBeLessThanOrEqual(view.y + view.height + 1);
    expect(image.x + image.width).toBeLessThanOrEqual(view.x + view.width + 1);
    // Boxes are translucent, strokes do not scale with the zoom.
    const firstBox = page.locator('rect[data-element-id]').first();
    expect(Number(await firstBox.getAttribute('fill-opacity'))).toBeLessThan(0.1);
    expect(Number(await firstBox.getAttribute('stroke-opacity'))).toBeLessThan(1);
    expect(await firstBox.getAttribute('vector-effect')).toBe('non-scaling-stroke');
    // Text boxes are left out at fit until asked for in Layers.
    const texts = elements.filter((element) => element.elementType === 'text');
    const textBoxes = () => page.locator(texts.map((t) => `[data-testid="element-${t._id}"]`).join(',') || 'none').count();
    if (texts.length > 0) expect(await textBoxes()).toBe(0);
    await saveScreenshot(page, 'web3-viewer-fit');

    // Layers: hide valves, then show them again; ask for text at fit.
    const valves = elements.filter((element) => element.elementType === 'valve').length;
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('menuitem', { name: /^Valve/ }).click();
    await poll(() => page.locator('rect[data-element-id]').count()).toBe(elements.length - texts.length - valves);
    await page.getByRole('menuitem', { name: /^Valve/ }).click();
    if (texts.length > 0) {
      await page.getByRole('menuitem', { name: /^Text/ }).click();
      await poll(textBoxes).toBe(texts.length);
      await page.getByRole('menuitem', { name: /^Text/ }).click();
    }
    await page.keyboard.press('Escape');

    // 300 %: the same boxes, strokes as thin on screen.
    const fitPercent = Number.parseInt((await page.getByTestId('zoom-percent').textContent()) ?? '0', 10);
    for (let percent = fitPercent; percent < 300; percent += 10) await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByTestId('zoom-percent').filter({ hasText: '300%' }).waitFor();
    await page
      .getByTestId('viewer-canvas')
      .evaluate((canvas) => canvas.scrollTo({ left: canvas.scrollWidth / 3, top: canvas.scrollHeight / 3 }));
    if (texts.length > 0) await poll(textBoxes).toBe(texts.length);
    await saveScreenshot(page, 'web3-viewer-300');

    // Drawing on the sheet: the mode hint lies over the canvas, a new element is sized for an A1 sheet,
    // and a drawn pipe is stored in whole pixels without zero-length pieces.
    const canvas = page.getByTestId('viewer-canvas');
    const canvasTop = (await canvas.boundingBox())!.y;
    const known = new Set((await elementsNow()).map((e) => e._id));
    const centre = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    for (const [dx, dy] of [
      [-150, 0],
      [150, 81],
    ]) {
      const count = (await elementsNow()).length;
      await page.getByRole('button', { name: 'Element', exact: true }).click();
      expect((await canvas.boundingBox())!.y).toBe(canvasTop);
      await page.mouse.click(centre.x + dx, centre.y + dy);
      await poll(async () => (await elementsNow()).length).toBe(count + 1);
    }
    const added = (await elementsNow()).filter((e) => !known.has(e._id));
    expect(added.map((e) => e.boundingBox.width)).toEqual([83, 83]); // 1/80 of the sheet's 6,622 px
    const linksBefore = (await connectionsNow()).length;
    await page.getByRole('button', { name: 'Connection', exact: true }).click();
    expect((await canvas.boundingBox())!.y).toBe(canvasTop);
    await page.mouse.click(centre.x - 150, centre.y);
    await page.mouse.click(centre.x + 3, centre.y + 41);
    await page.mouse.click(centre.x + 150, centre.y + 81);
    await poll(async () => (await connectionsNow()).length).toBe(linksBefore + 1);
    const drawn = (await connectionsNow()).find((c) => [endId(c.source), endId(c.target)].every((id) => added.some((e) => e._id === id)));
    const path = drawn?.metadata.path_data?.path ?? [];
    expect(path.length).toBeGreaterThan(1);
    expect(orthogonal(path)).toBe(true);
    expect(path.flatMap((segment) => [...segment.start, ...segment.end]).every(Number.isInteger)).toBe(true);
    expect(path.every((segment) => segment.start[0] !== segment.end[0] || segment.start[1] !== segment.end[1])).toBe(true);
    await Promise.all(added.map((e) => apiWithToken(token, `/api/elements/${e._id}`, { method: 'DELETE' })));

    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await page
      .getByTestId('zoom-percent')
      .filter({ hasText: `${fitPercent}%` })
      .waitFor();
    expect(errors).toEqual([]);
  }, 180_000);

  it('searches tags exactly, filters both lists, and says how many "Confirm all visible" will confirm', async () => {
    const make = async (name: string, description: string, x: number) =>
      (
        await apiWithToken<ElementRecord>(token, '/api/elements', {
          method: 'POST',
          body: {
            drawing: sheet.drawingId,
            elementType: 'equipment',
            name,
            description,
            boundingBox: { x, y: 60, width: 120, height: 120 },
            confirmed: false,
          },
        })
      ).body;
    const vessel = await make('V-900', 'vertical vessel', 200);
    const controller = await make('TIC-900', 'temperature controller', 400);
    await apiWithToken(token, '/api/connections', {
      method: 'POST',
      body: {
        drawing: sheet.drawingId,
        name: '',
        description: '',
        relationshipType: 'controls',
        source: controller._id,
        target: vessel._id,
        confirmed: false,
        metadata: {},
      },
    });
    await openViewer();
    const sidebar = page.getByRole('complementary', { name: 'Elements and connections' });
    const search = sidebar.getByLabel('Search by tag');
    // "TIC" finds the controller by its tag, not the vessel described as "vertical".
    await search.fill('TIC');
    await page.getByTestId(`element-row-${controller._id}`).waitFor();
    expect(await page.getByTestId(`element-row-${vessel._id}`).count()).toBe(0);
    await sidebar.getByLabel('Also search descriptions').check();
    await page.getByTestId(`element-row-${vessel._id}`).waitFor();
    await sidebar.getByLabel('Also search descriptions').uncheck();
    // Both lists are filtered; "Confirm all visible" says what it will confirm, and confirms only that.
    await search.fill('TIC-900');
    await sidebar.getByText('Elements (1)').waitFor();
    await sidebar.getByText('Connections (1)').waitFor();
    await sidebar.getByRole('button', { name: 'Confirm all visible' }).click();
    await page.getByText('Confirm 1 element and 1 connection shown by the current filter?').waitFor();
    await page.getByRole('button', { name: 'Confirm 2' }).click();
    await poll(async () => (await elementsNow()).find((e) => e._id === controller._id)?.confirmed).toBe(true);
    expect((await elementsNow()).find((e) => e._id === vessel._id)?.confirmed).toBe(false);
    await search.fill('V-900');

    // The type is edited in the element form; the export follows.
    const row = page.getByTestId(`element-row-${vessel._id}`);
    // The row's toggle has no "Confirmed" label beside its "Unconfirmed" chip.
    await row.getByText('Unconfirmed', { exact: true }).waitFor();
    expect(await row.getByText('Confirmed', { exact: true }).count()).toBe(0);
    expect(await row.getByRole('switch', { name: 'Confirm V-900' }).isChecked()).toBe(false);
    await row.getByRole('button', { name: 'Edit V-900' }).click();
    await row.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Instrument' }).click();
    await row.getByRole('button', { name: 'Save' }).click();
    await poll(async () => (await elementsNow()).find((e) => e._id === vessel._id)?.elementType).toBe('instrument');
    const csv = parseCsv((await exportFromViewer(page, 'CSV')).text);
    expect(csv.find((r) => r.ID === vessel._id)?.Type).toBe('instrument');
    const link = csv.find((r) => r['Record Type'] === 'connection' && r['Source ID'] === controller._id);
    expect(link).toMatchObject({ Type: 'controls', 'Source Name': 'TIC-900', 'Target Name': 'V-900' });
    // The selection panel offers the type too.
    await row.getByText('V-900', { exact: true }).click();
    await sidebar.getByRole('heading', { name: 'Selection' }).waitFor();
    await page.getByTestId(`element-row-${vessel._id}`).getByLabel('Type').click();
    await page.getByRole('option', { name: 'Valve' }).click();
    await poll(async () => (await elementsNow()).find((e) => e._id === vessel._id)?.elementType).toBe('valve');
    await sidebar.getByRole('button', { name: 'Back' }).click();

    // A delete from the middle of the list: the next row takes the deleted row's place; the list does not jump.
    await search.fill('');
    const rows = page.locator('[data-testid^="element-row-"]');
    await poll(() => rows.count()).toBeGreaterThan(40);
    const [doomed, next] = [rows.nth(30), rows.nth(31)];
    const nextId = await next.getAttribute('data-testid');
    await doomed.scrollIntoViewIfNeeded();
    await doomed.evaluate((row) => row.scrollIntoView({ block: 'center' }));
    const place = (await doomed.boundingBox())!.y;
    await doomed.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Element deleted successfully!').waitFor();
    await page.waitForTimeout(500);
    expect(Math.abs((await page.getByTestId(nextId!).boundingBox())!.y - place)).toBeLessThan(8);
    expect(errors).toEqual([]);
  }, 120_000);

  it('reviews 50 items with the keyboard only, moves 2 elements with their pipes, and exports every change', async () => {
    await openViewer();
    const start = await elementsNow();
    const confirmed0 = start.filter((e) => e.confirmed).length;
    const confirmed: string[] = [];
    const deleted: string[] = [];
    const retyped = new Map<string, string>();
    const visited: string[] = [];
    const progress = () => `${confirmed0 + confirmed.length} of ${start.length - deleted.length} reviewed`;
    await page.getByRole('button', { name: 'Review' }).click();
    await expectProgress(page, progress());
    const current = page.getByTestId('review-current');
    const currentId = async () => (await current.getAttribute('data-element-id')) ?? '';
    // Least confident first; N goes on, P goes back.
    const first = await currentId();
    await page.keyboard.press('n');
    await poll(currentId).not.toBe(first);
    await page.keyboard.press('p');
    await poll(currentId).toBe(first);

    for (let index = 0; index < 50; index += 1) {
      const id = await currentId();
      visited.push(id);
      // The view pans to the item and highlights it.
      await poll(() => inView(page, `element-${id}`), { timeout: 10_000 }).toBe(true);
      await poll(() => page.getByTestId(`element-${id}`).getAttribute('stroke'), { message: `item ${index}` }).toBe('#1976d2');
      if (index % 10 === 4) {
        await page.keyboard.press('d');
        deleted.push(id);
      } else {
        if (index % 10 === 7) {
          const type = start.find((e) => e._id === id)?.elementType === 'instrument' ? 'valve' : 'instrument';
          await page.keyboard.press('t');
          await page.keyboard.press(String(ELEMENT_TYPES.indexOf(type) + 1));
          retyped.set(id, type);
          await poll(() => current.textContent()).toContain(type === 'valve' ? 'Valve' : 'Instrument');
        }
        await page.keyboard.press('c');
        confirmed.push(id);
      }
      await expectProgress(page, progress());
      await poll(currentId).not.toBe(id);
    }
    expect([deleted.length, retyped.size, confirmed.length]).toEqual([5, 5, 45]);
    // Least confident first: each item taken was the least confident left.
    const confidence = (id: string) => start.find((e) => e._id === id)?.metadata?.confidence ?? 1;
    const order = visited.map(confidence);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeLessThan(order.at(-1)!);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'web3-viewer-reviewed');

    // Move two elements that have routed pipes: their ends follow; the second move is undone and redone as one step.
    const links = await connectionsNow();
    const routed = (id: string) =>
      links.filter((c) => (endId(c.source) === id || endId(c.target) === id) && (c.metadata.path_data?.path.length ?? 0) > 0);
    // The drag grabs what lies at the element's centre: an element there whose centre no other element comes within a
    // few pixels of (a tag's text inside a bubble, drawn with its stroke), nor a pipe drawn across it.
    const all = await elementsNow();
    const centreOf = ({ x, y, width, height }: Box) => [x + width / 2, y + height / 2];
    const near = ({ x, y, width, height }: Box, [cx, cy]: number[], margin = 6) =>
      cx >= x - margin && cx <= x + width + margin && cy >= y - margin && cy <= y + height + margin;
    const onPath = (centre: number[]) =>
      links.some((c) =>
        (c.metadata.path_data?.path ?? []).some(({ start, end }) => {
          const [x0, x1] = [Math.min(start[0], end[0]), Math.max(start[0], end[0])];
          const [y0, y1] = [Math.min(start[1], end[1]), Math.max(start[1], end[1])];
          return near({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, centre);
        }),
      );
    const bare = (e: ElementRecord) =>
      all.every((other) => other._id === e._id || !near(other.boundingBox, centreOf(e.boundingBox))) && !onPath(centreOf(e.boundingBox));
    const movers = all.filter((e) => e.name && routed(e._id).length > 0 && !retyped.has(e._id) && bare(e)).slice(0, 2);
    expect(movers).toHaveLength(2);
    const sidebar = page.getByRole('complementary', { name: 'Elements and connections' });
    const moved = new Map<string, Box>();
    for (const [index, element] of movers.entries()) {
      if (await sidebar.getByRole('button', { name: 'Back' }).count()) await sidebar.getByRole('button', { name: 'Back' }).click();
      await sidebar.getByLabel('Search by tag').fill(element.name);
      await page.getByTestId(`element-row-${element._id}`).getByText(element.name, { exact: true }).click();
      await poll(() => inView(page, `element-${element._id}`)).toBe(true);
      await dragBox(page, `element-${element._id}`, 125);
      const after = async () => (await elementsNow()).find((e) => e._id === element._id)?.boundingBox;
      await poll(async () => (await after())?.x ?? 0).toBeGreaterThan(element.boundingBox.x + 20);
      const box = (await after())!;
      const dx = box.x - element.boundingBox.x;
      await poll(async () => {
        const now = await connectionsNow();
        return routed(element._id).every((c) => {
          const path = now.find((n) => n._id === c._id)?.metadata.path_data?.path ?? [];
          const old = c.metadata.path_data!.path;
          const [a, b] = endId(c.source) === element._id ? [path[0].start, old[0].start] : [path.at(-1)!.end, old.at(-1)!.end];
          return orthogonal(path) && Math.abs(a[0] - (b[0] + dx)) <= 1;
        });
      }).toBe(true);
      moved.set(element._id, box);
      if (index === 1) {
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Control+z');
        await poll(async () => (await after())?.x).toBe(element.boundingBox.x);
        await poll(async () => {
          const now = await connectionsNow();
          return routed(element._id).every(
            (c) =>
              JSON.stringify(now.find((n) => n._id === c._id)?.metadata.path_data?.path) === JSON.stringify(c.metadata.path_data?.path),
          );
        }).toBe(true);
        await page.keyboard.press('Control+Shift+z');
        await poll(async () => (await after())?.x).toBe(box.x);
      }
    }
    // A resize by the selected box's corner handle: the box grows, its pipes stay joined and orthogonal.
    const grown = movers[1];
    await dragBox(page, `resize-${grown._id}`, 60);
    await poll(async () => (await elementsNow()).find((e) => e._id === grown._id)?.boundingBox.width ?? 0).toBeGreaterThan(
      grown.boundingBox.width,
    );
    moved.set(grown._id, (await elementsNow()).find((e) => e._id === grown._id)!.boundingBox);
    const afterResize = await connectionsNow();
    for (const c of routed(grown._id))
      expect(orthogonal(afterResize.find((n) => n._id === c._id)?.metadata.path_data?.path ?? [])).toBe(true);
    await saveScreenshot(page, 'web3-viewer-moved');

    // Export from the viewer: every change is in the file.
    const csvFile = await exportFromViewer(page, 'CSV');
    expect(csvFile.name).toBe(`drawing_data_${sheet.drawingId}.csv`);
    const rows = parseCsv(csvFile.text);
    const byId = new Map(rows.map((row) => [row.ID, row]));
    for (const id of deleted) expect(byId.has(id)).toBe(false);
    for (const id of confirmed) expect(byId.get(id)?.Confirmed).toBe('true');
    for (const [id, type] of retyped) expect(byId.get(id)?.Type).toBe(type);
    for (const [id, box] of moved) expect([Number(byId.get(id)?.X), Number(byId.get(id)?.Width)]).toEqual([box.x, box.width]);
    const connectionRows = rows.filter((row) => row['Record Type'] === 'connection');
    expect(connectionRows.length).toBeGreaterThan(0);
    for (const row of connectionRows) {
      expect(row.Type).not.toBe('');
      expect(row['Source Name']).not.toBe('');
      expect(row['Target Name']).not.toBe('');
    }
    const json = JSON.parse((await exportFromViewer(page, 'JSON')).text) as {
      elements: ElementRecord[];
      connections: ConnectionRecord[];
    };
    const now = await connectionsNow();
    for (const id of moved.keys())
      for (const c of routed(id))
        expect(json.connections.find((j) => j._id === c._id)?.metadata.path_data).toEqual(
          now.find((n) => n._id === c._id)?.metadata.path_data,
        );
    expect((await exportFromViewer(page, 'Excel')).name).toBe(`drawing_data_${sheet.drawingId}.xlsx`);
    expect(errors).toEqual([]);
  }, 420_000);
});
