import { startForTestFile } from '@pid/platform/test-kit/samples';
import { randomUUID } from 'node:crypto';
import { type AnalysisResultEvent, type Connection, type DrawingElement } from '@pid/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysisConnection, analysisResult, elementOnPage } from '../testing/analysis-events';
import { box, startGraphTestKit, type GraphTestKit, type TestUser } from '../testing/graph-test-kit';

let kit: GraphTestKit;
startForTestFile({ beforeAll, afterAll }, startGraphTestKit, (started) => (kit = started));

const offPageLinks = (connections: Connection[]) => connections.filter((connection) => connection.metadata.off_page_link);

/**
 * A three-page run as the worker sends it: on each page a pump and a valve joined by a pipe, at the
 * same place on every page; off-page connectors on pages 1 and 3 that name one continuation, the one
 * on page 3 unnamed with its words written above it; another connector on page 2 that continues elsewhere.
 */
function threePageRun(drawing: string, user: TestUser, jobId = randomUUID()): AnalysisResultEvent {
  const pages = [1, 2, 3];
  const event = analysisResult(
    drawing,
    user.id,
    [
      ...pages.flatMap((page) => [
        elementOnPage(`p${page}:pump`, page, 'equipment', `P-10${page}`, box(100, 100, 80, 80)),
        elementOnPage(`p${page}:valve`, page, 'valve', `V-10${page}`, box(400, 120, 40, 40)),
      ]),
      elementOnPage('p1:opc', 1, 'off_page_connector', 'TO P&ID 3 / LINE 100', box(900, 130, 60, 24)),
      elementOnPage('p2:opc', 2, 'off_page_connector', 'TO DWG 7 / LINE 555', box(900, 130, 60, 24)),
      elementOnPage('p3:opc', 3, 'off_page_connector', '', box(20, 130, 60, 24)),
      elementOnPage('p3:label', 3, 'text', 'from P&ID 1 - line 100', box(20, 100, 160, 20)),
    ],
    pages.map((page) => analysisConnection(`p${page}:pump`, `p${page}:valve`)),
    jobId,
  );
  return { ...event, pages: pages.map((page) => ({ page, imageSize: event.imageSize, source: 'raster' })) };
}

/** A run split as the worker splits a large one: every part the whole envelope, a slice of the items. */
function inParts(event: AnalysisResultEvent, count: number, resultId = 'split-a'): AnalysisResultEvent[] {
  const items = [...event.elements.map((e) => ['elements', e] as const), ...event.connections.map((c) => ['connections', c] as const)];
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => {
    const slice = items.slice(i * size, (i + 1) * size);
    return {
      ...event,
      elements: slice.flatMap(([list, item]) => (list === 'elements' ? [item] : [])),
      connections: slice.flatMap(([list, item]) => (list === 'connections' ? [item] : [])),
      part: { resultId, index: i + 1, count },
    } as AnalysisResultEvent;
  });
}

describe('multi-page analysis results', () => {
  it('keeps each element and connection on its page and never merges across pages', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    // A confirmed pump on page 2, where the run finds one too: merged there, not into page 1's or 3's.
    const kept = (
      await kit
        .call(owner, 'post', '/api/elements', {
          drawing,
          page: 2,
          elementType: 'equipment',
          boundingBox: box(100, 100, 80, 80),
          confirmed: true,
        })
        .expect(201)
    ).body as DrawingElement;
    await kit.publishResult(threePageRun(drawing, owner));
    const { elements, connections } = await kit.graph(owner, drawing);
    const pumps = elements.filter((element) => element.elementType === 'equipment');
    expect(pumps.map((pump) => [pump.page, pump.name])).toEqual([
      [2, ''],
      [1, 'P-101'],
      [3, 'P-103'],
    ]);
    expect(pumps[0]!._id).toBe(kept._id);
    const pageOf = new Map(elements.map((element) => [element._id, element.page]));
    const pipes = connections.filter((connection) => !connection.metadata.off_page_link);
    expect(pipes.map((connection) => connection.page)).toEqual([1, 2, 3]);
    for (const pipe of pipes) {
      expect(pageOf.get(pipe.source as string)).toBe(pipe.page);
      expect(pageOf.get(pipe.target as string)).toBe(pipe.page);
    }
  });

  it('links the off-page connectors of pages 1 and 3 that name one continuation, once, across redeliveries and re-analysis', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const run = threePageRun(drawing, owner);
    await kit.publishResult(run);
    await kit.publishResult(structuredClone(run));
    const first = await kit.graph(owner, drawing);
    const links = offPageLinks(first.connections);
    const connector = (page: number) => first.elements.find((e) => e.elementType === 'off_page_connector' && e.page === page)!;
    expect(links).toEqual([
      {
        _id: expect.any(String),
        drawing,
        page: 1,
        source: connector(1)._id,
        target: connector(3)._id,
        name: '',
        description: 'off-page link',
        relationshipType: 'connects to',
        confirmed: false,
        metadata: { off_page_link: true, pages: [1, 3], source: 'analysis', analysisRunId: run.jobId },
      },
    ]);
    expect(connector(2).metadata).not.toHaveProperty('continues_on');

    // A new run finds the same: its link replaces the old one, never beside it.
    const again = threePageRun(drawing, owner);
    await kit.publishResult(again);
    const second = await kit.graph(owner, drawing);
    expect(offPageLinks(second.connections)).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ off_page_link: true, pages: [1, 3], analysisRunId: again.jobId }) }),
    ]);
    expect(second.connections).toHaveLength(4);
  });

  it('pairs a connector with the same continuation in another drawing of the same user, never of another user', async () => {
    const owner = kit.subscriber();
    const stranger = kit.subscriber();
    const [sheetA, sheetB, strangers] = [kit.drawing(owner), kit.drawing(owner), kit.drawing(stranger)];
    const oneConnector = (drawing: string, user: TestUser, name: string, page = 1) =>
      analysisResult(drawing, user.id, [elementOnPage('opc', page, 'off_page_connector', name, box(900, 130, 60, 24))], []);
    await kit.publishResult(oneConnector(strangers, stranger, 'FROM SHEET 9 / LINE 300'));
    await kit.publishResult(oneConnector(sheetA, owner, 'TO SHEET 2 / LINE 300'));
    await kit.publishResult(oneConnector(sheetB, owner, 'FROM SHEET 1 / LINE 300', 2));
    const [a] = (await kit.graph(owner, sheetA)).elements;
    const [b] = (await kit.graph(owner, sheetB)).elements;
    const [s] = (await kit.graph(stranger, strangers)).elements;
    expect(a!.metadata!.continues_on).toEqual({ drawing: sheetB, element: b!._id, page: 2 });
    expect(b!.metadata!.continues_on).toEqual({ drawing: sheetA, element: a!._id, page: 1 });
    expect(s!.metadata).not.toHaveProperty('continues_on');

    // Re-analysing sheet B: the pair is made again with B's new connector, not added to.
    await kit.publishResult(oneConnector(sheetB, owner, 'FROM SHEET 1 / LINE 300', 2));
    const [b2] = (await kit.graph(owner, sheetB)).elements;
    const [a2] = (await kit.graph(owner, sheetA)).elements;
    expect(b2!._id).not.toBe(b!._id);
    expect(a2!.metadata!.continues_on).toEqual({ drawing: sheetB, element: b2!._id, page: 2 });
    expect(b2!.metadata!.continues_on).toEqual({ drawing: sheetA, element: a!._id, page: 1 });
    expect((await kit.graph(stranger, strangers)).elements[0]!.metadata).not.toHaveProperty('continues_on');
  });

  it('applies a run sent in parts once every part is there, once, whatever the order and repeats', async () => {
    const owner = kit.subscriber();
    const drawing = kit.drawing(owner);
    const run = threePageRun(drawing, owner);
    const [one, two, three] = inParts(run, 3);
    await kit.publishResult(three);
    await kit.publishResult(one);
    await kit.publishResult(one);
    expect((await kit.graph(owner, drawing)).elements).toEqual([]);
    // Parts of another split of the same run (a redelivered job that computed something else) never mix in.
    await kit.publishResult(inParts(run, 2, 'split-b')[0]);
    await kit.publishResult(two);
    const { elements, connections } = await kit.graph(owner, drawing);
    expect(elements).toHaveLength(run.elements.length);
    expect(connections).toHaveLength(run.connections.length + 1);
    // Late repeats of any part, of either split, change nothing; nothing is left kept.
    await kit.publishResult(two);
    await kit.publishResult(inParts(run, 2, 'split-b')[1]);
    expect(await kit.graph(owner, drawing)).toEqual({ elements, connections });
    expect(await kit.db.query('SELECT count(*)::int AS n FROM analysis_result_parts WHERE drawing_id = $1', [drawing])).toEqual([{ n: 0 }]);
    expect(await kit.db.query('SELECT element_count FROM applied_analysis_runs WHERE job_id = $1', [run.jobId])).toEqual([
      { element_count: run.elements.length },
    ]);
  });
});
