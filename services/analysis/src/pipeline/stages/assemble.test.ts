import { describe, expect, it } from '@jest/globals';
import { parseLineNumber } from '../../tags/line-number';
import { pageImage } from '../../testing/page-image';
import type { DetectedSymbol } from '../symbols';
import type { ReadLine } from '../text-attachment';
import { assemblePage, type PageFindings } from './assemble';

const image = pageImage(400, 200);

const valve: DetectedSymbol = { x0: 20, y0: 90, x1: 40, y1: 110, elementType: 'valve', description: 'gate valve', confidence: 0.9 };
const pipeEnd: DetectedSymbol = { x0: 374, y0: 94, x1: 386, y1: 106, elementType: 'pipe', description: 'pipe end', confidence: 0.5 };

function findings(lineText: string | undefined): PageFindings {
  const read: ReadLine | undefined = lineText
    ? { line: { x0: 150, y0: 80, x1: 290, y1: 92, orientation: 'horizontal', size: 12, members: [] }, text: lineText, confidence: 0.9 }
    : undefined;
  const parsed = lineText ? parseLineNumber(lineText) : undefined;
  return {
    symbols: [valve, pipeEnd],
    bubbleTags: new Map(),
    bubbleReadings: new Map(),
    tags: { attached: { tags: new Map(), lineNumbers: read && parsed ? [{ read, parsed }] : [], free: [] }, specsOf: new Map() },
    kept: () => true,
    area: { x0: 0, y0: 0, x1: 399, y1: 199 },
    connections: [
      {
        source: valve,
        target: pipeEnd,
        path: [{ orientation: 'horizontal', start: [41, 100], end: [380, 100] }],
        dashed: false,
        junctions: 0,
      },
    ],
    lineCount: 1,
    inkRatio: 0.01,
  };
}

describe('assemblePage', () => {
  it('names a pipe end by the line number its pipe carries, and leaves it unnamed without one', () => {
    const named = assemblePage(image, undefined, findings('2"-P-1001-A1A'));
    const end = named.elements.find((e) => e.elementType === 'pipe')!;
    expect(named.connections[0]).toMatchObject({ sourceKey: 'e1', targetKey: end.key, name: '2"-P-1001-A1A' });
    expect(end).toMatchObject({ name: '2"-P-1001-A1A', description: 'pipe end', metadata: { confidence: 0.5 } });
    expect(named.elements.find((e) => e.elementType === 'valve')!.name).toBe('');
    expect(named.connections[0].metadata).toMatchObject({ junctions: 0, line_style: 'solid' });
    expect(named.connections[0].metadata.confidence).toBeGreaterThan(0);
    expect(named.connections[0].metadata.confidence).toBeLessThan(1);
    const unnamed = assemblePage(image, undefined, findings(undefined));
    expect(unnamed.elements.find((e) => e.elementType === 'pipe')!.name).toBe('');
  });

  it("rates a symbol found in hybrid mode by the symbol-confidence model, keeping the finder's score", () => {
    const alone = assemblePage(image, undefined, findings(undefined));
    expect(alone.elements[0].metadata).toEqual({ confidence: 0.9 });
    const hybrid = assemblePage(image, undefined, { ...findings(undefined), rateSymbols: true });
    const rated = hybrid.elements[0].metadata as { confidence: number; score: number };
    expect(rated.score).toBe(0.9);
    expect(rated.confidence).toBeGreaterThan(0);
    expect(rated.confidence).toBeLessThan(1);
    // A pipe end is no symbol: not rated.
    expect(hybrid.elements.find((e) => e.elementType === 'pipe')!.metadata).toEqual({ confidence: 0.5 });
  });
});
