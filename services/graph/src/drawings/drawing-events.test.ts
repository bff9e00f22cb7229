import { startForTestFile } from '@pid/platform/test-kit/samples';
import { randomUUID } from 'node:crypto';
import {
  CONSUMERS,
  isGraphExportReply,
  STREAMS,
  SUBJECTS,
  type Connection,
  type DrawingDeletedEvent,
  type DrawingElement,
  type GraphExportRequest,
} from '@pid/contracts';
import { decodeJson, encodeJson } from '@pid/platform';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseAnalysisResult } from '../analysis/analysis-result.parser';
import { applyAnalysisResult } from '../analysis/apply-analysis-result';
import { analysisConnection, analysisElement, analysisResult, publishAndSettle } from '../testing/analysis-events';
import { box, startGraphTestKit, type GraphTestKit, type TestUser } from '../testing/graph-test-kit';

let kit: GraphTestKit;
startForTestFile({ beforeAll, afterAll }, startGraphTestKit, (started) => (kit = started));

const nats = () => kit.service.context.nats;
const drawingEvents = { subject: SUBJECTS.drawingDeleted, stream: STREAMS.drawingEvents.name, durable: CONSUMERS.graphDrawingEvents };

/** A drawing of `owner` with an analysed graph (2 elements, 1 connection) plus a user element. */
async function analysedDrawing(owner: TestUser) {
  const drawing = kit.drawing(owner);
  await kit.publishResult(
    analysisResult(
      drawing,
      owner.id,
      [analysisElement('a', 'valve', box(0, 0)), analysisElement('b', 'pipe', box(100, 0))],
      [analysisConnection('a', 'b')],
    ),
  );
  await kit.call(owner, 'post', '/api/elements', { drawing, boundingBox: box(300, 0), confirmed: true }).expect(201);
  return drawing;
}

const countRows = async (drawing: string) =>
  (
    await kit.db.query(
      `SELECT (SELECT count(*)::int FROM elements WHERE drawing_id = $1) AS elements,
              (SELECT count(*)::int FROM connections WHERE drawing_id = $1) AS connections`,
      [drawing],
    )
  )[0];

describe('drawing deleted', () => {
  it('removes the drawing’s graph and nothing else', async () => {
    const owner = kit.subscriber();
    const deleted = await analysedDrawing(owner);
    const kept = await analysedDrawing(owner);
    expect(await countRows(deleted)).toEqual({ elements: 3, connections: 1 });

    const event: DrawingDeletedEvent = { drawingId: deleted, userId: owner.id };
    await publishAndSettle(nats(), drawingEvents, event);
    expect(await countRows(deleted)).toEqual({ elements: 0, connections: 0 });
    expect(await countRows(kept)).toEqual({ elements: 3, connections: 1 });

    // Delivered again: still gone, no error.
    await publishAndSettle(nats(), drawingEvents, event);
    expect(await countRows(deleted)).toEqual({ elements: 0, connections: 0 });
  });

  it('keeps a late analysis result of a deleted drawing from bringing its graph back', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    await publishAndSettle(nats(), drawingEvents, { drawingId: drawing, userId: owner.id } satisfies DrawingDeletedEvent);
    await kit.publishResult(analysisResult(drawing, owner.id, [analysisElement('a', 'valve', box(0, 0))], []));
    expect(await countRows(drawing)).toEqual({ elements: 0, connections: 0 });
  });

  it('refuses new elements on a deleted drawing even while the drawing service still knows it', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    await publishAndSettle(nats(), drawingEvents, { drawingId: drawing, userId: owner.id } satisfies DrawingDeletedEvent);
    await kit.call(owner, 'post', '/api/elements', { drawing, boundingBox: box(0, 0) }).expect(404, { msg: 'Drawing not found' });
    expect(await countRows(drawing)).toEqual({ elements: 0, connections: 0 });
  });
});

describe('graph export responder', () => {
  const ask = (request: Partial<GraphExportRequest>) =>
    nats()
      .request(SUBJECTS.graphExport, encodeJson(request), { timeout: 10_000 })
      .then((reply) => decodeJson<unknown>(reply.data))
      .then((body) => (isGraphExportReply(body) ? body : undefined));

  it('answers the drawing’s elements and connections in the API’s shape', async () => {
    const owner = kit.subscriber();
    const drawing = await analysedDrawing(owner);
    const elements = (await kit.call(owner, 'get', `/api/drawings/${drawing}/elements`).expect(200)).body as DrawingElement[];
    const connections = (await kit.call(owner, 'get', `/api/drawings/${drawing}/connections`).expect(200)).body as Connection[];
    expect(elements).toHaveLength(3);
    expect(await ask({ drawingId: drawing, userId: owner.id })).toEqual({ elements, connections });
  });

  it('answers empty lists for another user, an unknown drawing and malformed ids', async () => {
    const owner = kit.subscriber();
    const drawing = await analysedDrawing(owner);
    const empty = { elements: [], connections: [] };
    expect(await ask({ drawingId: drawing, userId: kit.subscriber().id })).toEqual(empty);
    expect(await ask({ drawingId: randomUUID(), userId: owner.id })).toEqual(empty);
    expect(await ask({ drawingId: 'x', userId: owner.id })).toEqual(empty);
    expect(await ask({})).toEqual(empty);
  });

  it('says at once when a graph is too large for one NATS message, instead of leaving the caller to time out', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const elements = Array.from({ length: 30_000 }, (_, i) => analysisElement(`e${i}`, 'valve', box(i * 50, 0)));
    await applyAnalysisResult(kit.db, parseAnalysisResult(analysisResult(drawing, owner.id, elements, [])));
    const started = Date.now();
    const reply = await nats().request(SUBJECTS.graphExport, encodeJson({ drawingId: drawing, userId: owner.id }), { timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(decodeJson<{ error: string }>(reply.data).error).toMatch(/exceeds the NATS max_payload of \d+ bytes/);
    expect(isGraphExportReply(decodeJson(reply.data))).toBe(false);
  });
});
