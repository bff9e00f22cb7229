/**
 * A drawing of several pages through the whole product: uploaded as one PDF, every page analysed in
 * one run, each page's elements and connections kept on their page, and the off-page connectors that
 * name the same continuation on pages 1 and 3 linked by a connection.
 */
import type { Connection, Drawing, DrawingElement } from '@pid/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, type Account } from '../stack/accounts';
import { call, uploadForm } from '../stack/api-client';
import { startStack, type Stack } from '../stack/in-process-stack';
import { CONTINUATION, multiPageDrawingPdf, HOOK_TIMEOUT_MS, expectWith } from '@pid/platform/test-kit/samples';

let stack: Stack;
let user: Account;

beforeAll(async () => {
  stack = await startStack({ analysisWorker: true });
  user = await createAccount(stack.url, stack.mailboxDir);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await stack?.close();
}, HOOK_TIMEOUT_MS);

async function get<T>(path: string): Promise<T> {
  const response = await call(stack.url, 'GET', path, { token: user.token });
  expectWith(response.status, response.text).toBe(200);
  return response.body as T;
}

async function completed(drawingId: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { drawingStatus, message } = await get<{ drawingStatus: string; message: string }>(`/api/drawings/${drawingId}/status`);
    if (drawingStatus === 'completed') return;
    if (drawingStatus === 'error' || Date.now() > deadline) throw new Error(`drawing not completed: ${drawingStatus} ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a PDF of three pages', () => {
  it('is one drawing whose pages are analysed separately, with the off-page link of pages 1 and 3 found', async () => {
    const uploaded = await call(stack.url, 'POST', '/api/drawings', {
      token: user.token,
      body: uploadForm(await multiPageDrawingPdf(3), 'sheets.pdf', 'Three sheets'),
    });
    expectWith(uploaded.status, uploaded.text).toBe(201);
    const drawing = uploaded.body as Drawing;
    const pageSize = { width: 2200, height: 1100 };
    expect(drawing.metadata).toMatchObject({ pageCount: 3, image_size: pageSize, pages: [pageSize, pageSize, pageSize] });

    expect((await call(stack.url, 'POST', `/api/drawings/${drawing._id}/process`, { token: user.token })).status).toBe(200);
    await completed(drawing._id);

    // Completed only once the graph service has saved the result: the elements are there.
    const elements = await get<DrawingElement[]>(`/api/drawings/${drawing._id}/elements`);
    const connections = await get<Connection[]>(`/api/drawings/${drawing._id}/connections`);
    for (const page of [1, 2, 3]) {
      expect(elements.filter((element) => element.page === page && element.elementType === 'equipment')).toHaveLength(2);
    }
    const pageOf = new Map(elements.map((element) => [element._id, element.page]));
    const pipes = connections.filter((connection) => !connection.metadata.off_page_link);
    for (const pipe of pipes)
      expect([pageOf.get(pipe.source as string), pageOf.get(pipe.target as string)]).toEqual([pipe.page, pipe.page]);
    expect(new Set(pipes.map((pipe) => pipe.page))).toEqual(new Set([1, 2, 3]));

    const connectors = elements.filter((element) => element.elementType === 'off_page_connector');
    expect(connectors.map((connector) => connector.page)).toEqual([1, 3]);
    // The labels as read (spacing may differ from what was written).
    const compact = (text: string) => text.replace(/\s+/g, '');
    const labels = elements.filter((element) => element.elementType === 'text').map((element) => compact(element.name));
    expect(labels).toEqual(expect.arrayContaining([compact(CONTINUATION.out), compact(CONTINUATION.in)]));
    expect(connections.filter((connection) => connection.metadata.off_page_link)).toEqual([
      expect.objectContaining({
        page: 1,
        source: connectors[0]!._id,
        target: connectors[1]!._id,
        relationshipType: 'connects to',
        description: 'off-page link',
        metadata: expect.objectContaining({ off_page_link: true, pages: [1, 3] }),
      }),
    ]);

    // Every page is served in its own size.
    for (const page of [1, 2, 3]) {
      const file = await call(stack.url, 'GET', `/api/drawings/${drawing._id}/file?page=${page}`, { token: user.token });
      expect(file.status).toBe(200);
    }
    expect((await call(stack.url, 'GET', `/api/drawings/${drawing._id}/file?page=4`, { token: user.token })).status).toBe(400);
  });
});
