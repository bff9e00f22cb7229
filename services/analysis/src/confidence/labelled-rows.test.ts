import { describe, expect, it } from '@jest/globals';
import { pageImage } from '../testing/page-image';
import type { DetectedSymbol } from '../pipeline/symbols';
import { assemblePage } from '../pipeline/stages/assemble';
import { resultDocument } from '../cli/result-document';
import type { ResultDocument } from '../benchmark/predictions';
import { connectionRows, symbolRows } from './labelled-rows';
import { committedModel, predictConfidence } from './logistic-model';
import { storedConfidence } from './symbol-confidence';

const image = pageImage(400, 200);

const symbol = (x0: number, elementType: DetectedSymbol['elementType'], confidence: number): DetectedSymbol => ({
  x0,
  y0: 90,
  x1: x0 + 20,
  y1: 110,
  elementType,
  description: elementType,
  confidence,
});

/** A page as the pipeline assembles it and the CLI writes it: a valve on a pipe, an instrument's signal line to it. */
function page(vector: boolean): ResultDocument {
  const [valve, pump, instrument] = [symbol(20, 'valve', 0.9), symbol(200, 'equipment', 0.6), symbol(300, 'instrument', 0.45)];
  const line = (source: DetectedSymbol, target: DetectedSymbol, dashed: boolean) => ({
    source,
    target,
    path: [
      {
        orientation: 'horizontal' as const,
        start: [source.x1 + 1, 100] as [number, number],
        end: [target.x0 - 1, 100] as [number, number],
      },
    ],
    dashed,
    junctions: 0,
  });
  const analysis = assemblePage(image, undefined, {
    symbols: [valve, pump, instrument],
    bubbleTags: new Map(),
    bubbleReadings: new Map(),
    tags: { attached: { tags: new Map(), lineNumbers: [], free: [] }, specsOf: new Map() },
    kept: () => true,
    area: { x0: 0, y0: 0, x1: 399, y1: 199 },
    connections: [line(valve, pump, false), line(pump, instrument, true)],
    rateSymbols: true,
    vectorPage: vector,
    lineCount: 2,
    inkRatio: 0.01,
  });
  const source = vector ? 'vector' : 'raster';
  return resultDocument(analysis.imageSize, analysis.elements, analysis.connections, source) as ResultDocument;
}

describe('training rows', () => {
  it.each([false, true])('give back the confidences the pipeline gave (vector page: %s)', (vector) => {
    const document = page(vector);
    const all = (items: Array<{ _id: string }>) => new Map(items.map(({ _id }) => [_id, true]));
    const sheet = { document, connectionsRight: all(document.connections), symbolsRight: all(document.elements) };
    const symbols = symbolRows(sheet);
    expect(symbols).toHaveLength(3);
    expect(symbols.map(({ features }) => storedConfidence(predictConfidence(committedModel('symbols'), features)))).toEqual(
      document.elements.map(({ metadata }) => metadata!.confidence),
    );
    const connections = connectionRows(sheet, committedModel('symbols'));
    expect(connections).toHaveLength(2);
    expect(connections.map(({ features }) => storedConfidence(predictConfidence(committedModel('connections'), features)))).toEqual(
      document.connections.map(({ metadata }) => metadata!.confidence),
    );
  });

  it('label each symbol and connection by the judgement, leaving out what it did not score', () => {
    const document = page(false);
    const [valve, pump] = document.elements;
    const sheet = {
      document,
      connectionsRight: new Map([[document.connections[0]._id, false]]),
      symbolsRight: new Map([
        [valve._id, true],
        [pump._id, false],
      ]),
    };
    expect(symbolRows(sheet).map(({ correct }) => correct)).toEqual([true, false]);
    expect(connectionRows(sheet, committedModel('symbols'))).toMatchObject([{ correct: false, matchedEnds: 1 }]);
  });
});
