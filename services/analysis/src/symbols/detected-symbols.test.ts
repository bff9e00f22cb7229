import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from '../pipeline/symbols';
import { withDetections } from './detected-symbols';

const symbol = (x0: number, confidence: number, description = 'symbol'): DetectedSymbol => ({
  x0,
  y0: 0,
  x1: x0 + 20,
  y1: 20,
  elementType: 'valve',
  description,
  confidence,
});

describe('hybrid symbols', () => {
  it("adds to the rules' symbols the sure detections that stand where none of theirs does", () => {
    const ruled = [symbol(0, 0.7, 'rules')];
    const detected = [symbol(5, 0.9, 'on a rule symbol'), symbol(100, 0.8, 'missed, sure'), symbol(200, 0.3, 'missed, unsure')];
    expect(withDetections(ruled, detected).map((s) => s.description)).toEqual(['rules', 'missed, sure']);
  });

  it("names a rules symbol after a surer detection of another element type boxing it, on the rules' box", () => {
    const box = { ...symbol(0, 0.6, 'plc instrument'), elementType: 'instrument' as const, symbolClass: 'plc_instrument' };
    const connector = {
      ...symbol(2, 0.9, 'off page connector'),
      y0: 1,
      elementType: 'off_page_connector' as const,
      symbolClass: 'off_page_connector',
    };
    const [named] = withDetections([box], [connector]);
    expect(named).toMatchObject({ x0: 0, x1: 20, y0: 0, elementType: 'off_page_connector', symbolClass: 'off_page_connector' });
    expect(named.confidence).toBe(0.9);
    // A little less sure names it still: the classifier's scores run higher than the detector's.
    expect(withDetections([{ ...box, confidence: 0.95 }], [connector])[0].elementType).toBe('off_page_connector');
    // Less sure by the margin, one boxing much more, or the rule switched off: the rules' name stays.
    expect(withDetections([{ ...box, confidence: 0.8 }], [{ ...connector, confidence: 0.6 }])[0].elementType).toBe('instrument');
    expect(withDetections([box], [{ ...connector, x1: 60 }])[0].elementType).toBe('instrument');
    expect(withDetections([box], [connector], new Set(['fusion-name']))[0].elementType).toBe('instrument');
  });

  it('adds the sure detections of the four views fused where nothing found stands, rules or as drawn', () => {
    const ruled = [symbol(0, 0.7, 'rules'), { ...symbol(300, 0.9, 'a label'), elementType: 'text' as const }];
    const asDrawn = [symbol(100, 0.8, 'as drawn')];
    const confirmed = [
      symbol(5, 0.9, 'on the rules symbol'),
      symbol(104, 0.7, 'on the one as drawn'),
      symbol(200, 0.6, 'seen four ways'),
      symbol(250, 0.45, 'unsure'),
      symbol(302, 0.8, 'on a label'),
    ];
    const described = (symbols: DetectedSymbol[]) => symbols.map((s) => s.description);
    expect(described(withDetections(ruled, asDrawn, undefined, confirmed))).toEqual([
      'rules',
      'a label',
      'as drawn',
      'seen four ways',
      'on a label',
    ]);
    expect(described(withDetections(ruled, asDrawn, new Set(['fusion-views']), confirmed))).toEqual(['rules', 'a label', 'as drawn']);
  });

  it("is the detector's symbols alone without rules", () => {
    const detected = [symbol(0, 0.3), symbol(100, 0.9)];
    expect(withDetections(undefined, detected)).toEqual(detected);
  });
});
