import { eventually, startForTestFile } from '@pid/platform/test-kit/samples';
import { randomUUID } from 'node:crypto';
import { SUBJECTS, type AnalysisResultEvent, type Connection, type DrawingElement } from '@pid/contracts';
import { publishJson } from '@pid/platform';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysisConnection, analysisElement, analysisResult, GRAPH_RESULTS } from '../testing/analysis-events';
import { box, startGraphTestKit, type GraphTestKit, type TestUser } from '../testing/graph-test-kit';
import { parseAnalysisResult } from './analysis-result.parser';
import { applyAnalysisResult } from './apply-analysis-result';

let kit: GraphTestKit;
startForTestFile({ beforeAll, afterAll }, startGraphTestKit, (started) => (kit = started));

/** Every connection's ends are elements of the same drawing. */
async function expectNoDanglingConnections() {
  const dangling = await kit.db.query(`
    SELECT c.id FROM connections c
    LEFT JOIN elements s ON s.id = c.source_id AND s.drawing_id = c.drawing_id
    LEFT JOIN elements t ON t.id = c.target_id AND t.drawing_id = c.drawing_id
    WHERE s.id IS NULL OR t.id IS NULL`);
  expect(dangling).toEqual([]);
}

function firstRun(drawing: string, user: TestUser): AnalysisResultEvent {
  return analysisResult(
    drawing,
    user.id,
    [
      analysisElement('a', 'valve', box(0, 0, 40, 40)),
      analysisElement('b', 'equipment', box(100, 0, 60, 60)),
      analysisElement('c', 'instrument', box(300, 0, 30, 30)),
    ],
    [
      analysisConnection('a', 'b'),
      {
        ...analysisConnection('b', 'c'),
        metadata: { confidence: 0.7, path_data: { path: [{ orientation: 'horizontal', start: [160, 30], end: [300, 30] }] } },
      },
    ],
    `job-first-${randomUUID()}`,
  );
}

describe('analysis results from JetStream', () => {
  it('stores a run’s elements and connections in its order, marked as analysis output of that run', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const event = firstRun(drawing, owner);
    await kit.publishResult(event);
    const { elements, connections } = await kit.graph(owner, drawing);
    expect(elements).toEqual([
      {
        _id: expect.any(String),
        drawing,
        page: 1,
        elementType: 'valve',
        name: 'A',
        description: '',
        boundingBox: box(0, 0, 40, 40),
        confirmed: false,
        metadata: { confidence: 0.9, source: 'analysis', analysisRunId: event.jobId },
      },
      expect.objectContaining({ elementType: 'equipment', name: 'B' }),
      expect.objectContaining({ elementType: 'instrument', name: 'C' }),
    ]);
    const [a, b, c] = elements.map((element) => element._id);
    expect(connections).toEqual([
      {
        _id: expect.any(String),
        drawing,
        page: 1,
        source: a,
        target: b,
        name: '',
        description: '',
        relationshipType: 'connects to',
        confirmed: false,
        metadata: { confidence: 0.8, source: 'analysis', analysisRunId: event.jobId },
      },
      expect.objectContaining({
        source: b,
        target: c,
        metadata: {
          confidence: 0.7,
          source: 'analysis',
          analysisRunId: event.jobId,
          path_data: { path: [{ orientation: 'horizontal', start: [160, 30], end: [300, 30] }] },
        },
      }),
    ]);
    const rows = await kit.db.query('SELECT DISTINCT user_id FROM elements WHERE drawing_id = $1', [drawing]);
    expect(rows).toEqual([{ user_id: owner.id }]);
  });

  it('changes nothing when the same run is delivered again', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const event = firstRun(drawing, owner);
    await kit.publishResult(event);
    const before = await kit.graph(owner, drawing);
    // The user confirms an element in between: a replay must not undo it or replace anything.
    await kit.call(owner, 'put', `/api/elements/${before.elements[1]!._id}`, { confirmed: true }).expect(200);
    await kit.publishResult(event);
    await kit.publishResult(structuredClone(event));
    const after = await kit.graph(owner, drawing);
    expect(after.elements).toEqual(before.elements.map((element, index) => (index === 1 ? { ...element, confirmed: true } : element)));
    expect(after.connections).toEqual(before.connections);
    expect(
      await kit.db.query('SELECT job_id, element_count, connection_count FROM applied_analysis_runs WHERE drawing_id = $1', [drawing]),
    ).toEqual([{ job_id: event.jobId, element_count: 3, connection_count: 2 }]);
  });

  it('tells the drawing service once a run is saved, so the drawing completes with its elements there', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const event = firstRun(drawing, owner);
    await kit.publishResult(event);
    const jsm = await kit.service.context.nats.jetstreamManager();
    const told = await jsm.streams.getMessage(GRAPH_RESULTS.stream, { last_by_subj: SUBJECTS.analysisApplied });
    expect(told.json()).toEqual({ jobId: event.jobId, drawingId: drawing, userId: owner.id });
    // Its elements are saved by the time it is told.
    expect((await kit.graph(owner, drawing)).elements).toHaveLength(3);
    // A redelivery tells again under the same message id: JetStream keeps one.
    await kit.publishResult(event);
    const again = await jsm.streams.getMessage(GRAPH_RESULTS.stream, { last_by_subj: SUBJECTS.analysisApplied });
    expect(again.seq).toBe(told.seq);
  });

  it('re-analysis replaces machine output, keeps confirmed and user items, and re-links or drops their connections', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    await kit.publishResult(firstRun(drawing, owner));
    const first = await kit.graph(owner, drawing);
    const [a, b, c] = first.elements;
    const [ab, bc] = first.connections;

    // The user confirms A and the connection A→B, adds a node N and connects it to B and to C.
    await kit.call(owner, 'put', `/api/elements/${a!._id}`, { confirmed: true }).expect(200);
    await kit.call(owner, 'put', `/api/connections/${ab!._id}`, { confirmed: true }).expect(200);
    const n = (await kit.call(owner, 'post', '/api/elements', { drawing, boundingBox: box(500, 0, 36, 36) }).expect(201))
      .body as DrawingElement;
    const nb = (await kit.call(owner, 'post', '/api/connections', { drawing, source: n._id, target: b!._id }).expect(201))
      .body as Connection;
    const nc = (await kit.call(owner, 'post', '/api/connections', { drawing, source: n._id, target: c!._id }).expect(201))
      .body as Connection;

    // The second run finds A again (slightly moved), B moved a little, no instrument where C was (text instead), and a new valve D.
    await kit.publishResult(
      analysisResult(
        drawing,
        owner.id,
        [
          analysisElement('a2', 'valve', box(2, 2, 40, 40)),
          analysisElement('b2', 'equipment', box(105, 5, 60, 60)),
          analysisElement('x', 'text', box(300, 0, 30, 30)),
          analysisElement('d', 'valve', box(700, 0, 40, 40)),
        ],
        [analysisConnection('a2', 'b2'), analysisConnection('b2', 'd'), analysisConnection('d', 'a2')],
        `job-second-${drawing}`,
      ),
    );

    const second = await kit.graph(owner, drawing);
    const byName = new Map(second.elements.map((element) => [element.name, element]));
    // A is kept as it was (the new detection merged into it); N is kept; B and C are replaced.
    expect(second.elements.map((element) => element.name)).toEqual(['A', '', 'B2', 'X', 'D']);
    expect(byName.get('A')).toEqual({ ...a, confirmed: true });
    expect(byName.get('')).toEqual(n);
    const b2 = byName.get('B2')!._id;
    const d = byName.get('D')!._id;
    expect(byName.get('B2')!.metadata).toMatchObject({ source: 'analysis', analysisRunId: `job-second-${drawing}` });

    const connections = new Map(second.connections.map((connection) => [connection._id, connection]));
    // Kept connections that pointed at B now point at its successor B2; N→C lost its end (no instrument there) and is gone.
    expect(connections.get(ab!._id)).toEqual({ ...ab, confirmed: true, target: b2 });
    expect(connections.get(nb._id)).toEqual({ ...nb, target: b2 });
    expect(connections.has(nc._id)).toBe(false);
    // The unconfirmed machine connection B→C is replaced; A2→B2 duplicates the kept A→B2 and is left out.
    expect(connections.has(bc!._id)).toBe(false);
    const fresh = second.connections.filter((connection) => connection.metadata.analysisRunId === `job-second-${drawing}`);
    expect(fresh.map((connection) => [connection.source, connection.target])).toEqual([
      [b2, d],
      [d, a!._id],
    ]);
    expect(second.connections).toHaveLength(4);
    await expectNoDanglingConnections();

    // A run that finds nothing leaves only what the user made or confirmed; A→B2 lost its end B2 and is dropped.
    await kit.publishResult(analysisResult(drawing, owner.id, [], [], `job-empty-${drawing}`));
    const third = await kit.graph(owner, drawing);
    expect(third.elements).toEqual([{ ...a, confirmed: true }, n]);
    expect(third.connections).toEqual([]);
    await expectNoDanglingConnections();
  });

  it('does not merge a detection into a kept element of another type or one it barely overlaps', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const kept = (
      await kit.call(owner, 'post', '/api/elements', { drawing, elementType: 'valve', boundingBox: box(0, 0, 40, 40) }).expect(201)
    ).body as DrawingElement;
    await kit.publishResult(
      analysisResult(
        drawing,
        owner.id,
        [
          analysisElement('same-place-other-type', 'instrument', box(0, 0, 40, 40)),
          // IoU with the kept box: 20*40 / (1600 + 1600 - 800) = 1/3.
          analysisElement('barely', 'valve', box(20, 0, 40, 40)),
          analysisElement('same', 'valve', box(1, 1, 40, 40)),
        ],
        [],
      ),
    );
    const { elements } = await kit.graph(owner, drawing);
    expect(elements.map((element) => element.name)).toEqual(['', 'SAME-PLACE-OTHER-TYPE', 'BARELY']);
    expect(elements[0]).toEqual(kept);
  });

  it('leaves out malformed items and stores the rest', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    await kit.publishResult({
      ...analysisResult(drawing, owner.id, [], []),
      elements: [
        analysisElement('ok', 'valve', box(0, 0)),
        analysisElement('ok', 'valve', box(50, 0)),
        analysisElement('flat', 'valve', box(0, 0, 10, 0)),
        { ...analysisElement('alien', 'valve', box(0, 0)), elementType: 'alien' },
        { ...analysisElement('nan', 'valve', box(0, 0)), boundingBox: { x: 'a', y: 0, width: 1, height: 1 } },
        analysisElement('other', 'pipe', box(100, 0)),
      ],
      connections: [
        analysisConnection('ok', 'ghost'),
        analysisConnection('ok', 'ok'),
        {
          ...analysisConnection('ok', 'other'),
          relationshipType: 'custom',
          metadata: { confidence: 0.5, path_data: { path: [{ orientation: 'vertical', start: [0, 0], end: [5, 5] }] } },
        },
      ],
    });
    const { elements, connections } = await kit.graph(owner, drawing);
    expect(elements.map((element) => element.name)).toEqual(['OK', 'OTHER']);
    expect(connections).toEqual([
      expect.objectContaining({
        source: elements[0]!._id,
        target: elements[1]!._id,
        relationshipType: 'connects to',
        metadata: expect.not.objectContaining({ path_data: expect.anything() }),
      }),
    ]);
  });

  it('writes thousands of items in one run', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const count = 5000;
    const elements = Array.from({ length: count }, (_, i) =>
      analysisElement(`e${i}`, 'valve', box((i % 100) * 50, Math.floor(i / 100) * 50, 30, 30)),
    );
    const connections = Array.from({ length: count }, (_, i) => analysisConnection(`e${i}`, `e${(i + 1) % count}`));
    // Straight to the writer: a result this size is over NATS's default 1 MB message limit.
    const outcome = await applyAnalysisResult(kit.db, parseAnalysisResult(analysisResult(drawing, owner.id, elements, connections)));
    expect(outcome).toMatchObject({ status: 'applied', inserted: { elements: count, connections: count } });
    const listed = await kit.graph(owner, drawing);
    expect(listed.elements).toHaveLength(count);
    expect(listed.connections).toHaveLength(count);
    expect(listed.elements[4321]!.name).toBe('E4321');
  });

  // Last of the file: on nats-server 2.9 a terminated message stays pending until its ack wait ends,
  // which would hold up `publishResult()` in the tests after it.
  it('refuses a malformed result for good and goes on with the next one', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const nats = kit.service.context.nats;
    await publishJson(
      nats,
      SUBJECTS.analysisResult,
      { jobId: 'broken', drawingId: 'not-a-uuid', elements: [], connections: [] },
      randomUUID(),
    );
    await publishJson(nats, SUBJECTS.analysisResult, 'not even an object', randomUUID());
    await publishJson(
      nats,
      SUBJECTS.analysisResult,
      analysisResult(drawing, owner.id, [analysisElement('a', 'valve', box(0, 0))], []),
      randomUUID(),
    );
    await eventually(async () => ((await kit.graph(owner, drawing)).elements.length === 1 ? true : undefined), 'the valid result');
    expect(await kit.db.query(`SELECT count(*)::int AS n FROM applied_analysis_runs WHERE job_id = 'broken'`)).toEqual([{ n: 0 }]);
    const info = await (await nats.jetstreamManager()).consumers.info(GRAPH_RESULTS.stream, GRAPH_RESULTS.durable);
    expect(info.num_redelivered).toBe(0);
  });
});
