import { describe, expect, it } from '@jest/globals';
import type { ElementType } from '@pid/contracts';
import type { Box } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { MAX_REACH_STROKES, REACH_SLACK } from './detection-reach';
import { withWholeEquipment } from './whole-equipment';

const detection = (box: Box, elementType: ElementType, description: string, confidence: number): DetectedSymbol => ({
  ...box,
  elementType,
  description,
  confidence,
});
const boxOf = ({ x0, y0, x1, y1 }: Box) => [x0, y0, x1, y1];

describe('equipment read in parts', () => {
  const unit = 2;
  // A column's outline (x 100-160, y 100-320) holding its two packed beds, each read as equipment.
  const column: Box = { x0: 100, y0: 100, x1: 160, y1: 320 };
  const upper = detection({ x0: 104, y0: 118, x1: 154, y1: 206 }, 'equipment', 'plate exchanger', 0.7);
  const lower = detection({ x0: 106, y0: 210, x1: 157, y1: 300 }, 'equipment', 'filter', 0.8);

  it("makes the equipment detections one rules' candidate holds one piece of equipment, boxed as the candidate", () => {
    const whole = withWholeEquipment([upper, lower], [column], unit);
    expect(whole.map((symbol) => [symbol.description, symbol.confidence, ...boxOf(symbol)])).toEqual([['filter', 0.8, 100, 100, 160, 320]]);
  });

  it('leaves them apart where the candidate holds another kind of symbol too, or one part alone', () => {
    const valve = detection({ x0: 120, y0: 304, x1: 140, y1: 318 }, 'valve', 'gate valve', 0.9);
    expect(withWholeEquipment([upper, lower, valve], [column], unit)).toEqual([upper, lower, valve]);
    expect(withWholeEquipment([upper], [column], unit)).toEqual([upper]);
  });

  it('leaves them apart where the candidate reaches further past them than a leg (a run of pipe)', () => {
    const reach = MAX_REACH_STROKES * unit + REACH_SLACK;
    const longer = { ...column, y1: lower.y1 + reach + 1 };
    expect(withWholeEquipment([upper, lower], [longer], unit)).toEqual([upper, lower]);
    expect(withWholeEquipment([upper, lower], [{ ...longer, y1: lower.y1 + reach }], unit)).toHaveLength(1);
  });
});
