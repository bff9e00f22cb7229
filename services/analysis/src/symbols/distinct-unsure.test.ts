import { describe, expect, it } from '@jest/globals';
import type { DetectedSymbol } from '../pipeline/symbols';
import { boxedSymbol } from '../testing/symbols';
import { DISTINCT_MIN_CONFIDENCE, distinctUnsure } from './distinct-unsure';

const described = (symbols: Array<{ description: string }>) => symbols.map((s) => s.description);
const unsure = (type: DetectedSymbol['elementType'], confidence: number, x0 = 100, description = `${type} ${confidence}`) => ({
  ...boxedSymbol(x0, 40, x0 + 20, 60, type, confidence),
  description,
});

describe('unsure detections of distinct element types', () => {
  it('keeps a valve, equipment or connector from the least confidence on', () => {
    const found = [unsure('valve', 0.2), unsure('equipment', DISTINCT_MIN_CONFIDENCE, 200), unsure('off_page_connector', 0.15, 300)];
    expect(described(distinctUnsure([], found))).toEqual(['valve 0.2', 'off_page_connector 0.15', `equipment ${DISTINCT_MIN_CONFIDENCE}`]);
  });

  it('leaves out fittings, less sure ones and those where a symbol stands', () => {
    // A fitting's bar or disc is what text, line ends and specks look like.
    expect(distinctUnsure([], [unsure('fitting', 0.2)])).toEqual([]);
    expect(distinctUnsure([], [unsure('valve', DISTINCT_MIN_CONFIDENCE - 0.01)])).toEqual([]);
    // A kept symbol over half of it.
    expect(distinctUnsure([boxedSymbol(110, 40, 130, 60, 'fitting')], [unsure('valve', 0.2)])).toEqual([]);
  });

  it('keeps the surer of two that overlap', () => {
    const found = [unsure('valve', 0.12, 100, 'less sure'), unsure('valve', 0.2, 105, 'surer')];
    expect(described(distinctUnsure([], found))).toEqual(['surer']);
  });
});
