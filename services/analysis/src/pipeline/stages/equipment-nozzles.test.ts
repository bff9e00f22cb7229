import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../../testing/ink';
import { defaultLineOptions, type Segment } from '../lines';
import type { DetectedSymbol } from '../symbols';
import { equipmentNozzles } from './equipment-nozzles';
import type { PageLines } from './page-lines';
import type { SymbolCandidates } from './symbol-candidates';

const UNIT = 3;
// A vessel (walls at x 100 and 180, y 20..180) with a pipe leaving its right side at y 100 through a flange's bar
// (x 192..193, y 92..108).
const ink = inkWith(300, 200, [99, 20, 101, 180], [179, 20, 181, 180], [180, 99, 280, 101], [192, 92, 193, 108]);
const vessel: DetectedSymbol = { x0: 100, y0: 20, x1: 180, y1: 180, elementType: 'equipment', description: 'vessel', confidence: 0.9 };
const pipe: Segment = { orientation: 'horizontal', start: 180, end: 280, lo: 99, hi: 101, dashed: false };
const lines = { ink, unit: UNIT, lineOptions: defaultLineOptions(300, 200) } as PageLines;
const candidates = { lineSegments: [pipe], solidLines: [pipe] } as unknown as SymbolCandidates;
const found = (symbols: DetectedSymbol[]) => ({ symbols, lines: [], spectacles: [], platedJoints: new Set<DetectedSymbol>() });
const described = (symbols: DetectedSymbol[]) => symbols.map((s) => [s.description, s.x0, s.x1]);

describe('equipmentNozzles', () => {
  it('puts no nozzle where a line drawn finer than the pipes leaves equipment: a signal line, its mark no flange', () => {
    // The page's pipes are drawn 5 px thick (one along y 190..194); the line leaving the vessel is 2 px thick, with a
    // mark across it where a flange would stand.
    const signal: Segment = { orientation: 'horizontal', start: 180, end: 280, lo: 100, hi: 101, dashed: false };
    const main: Segment = { orientation: 'horizontal', start: 0, end: 299, lo: 190, hi: 194, dashed: false };
    const fine = {
      ...lines,
      ink: inkWith(300, 200, [99, 20, 101, 180], [179, 20, 181, 180], [180, 100, 280, 101], [192, 92, 193, 108], [0, 190, 299, 194]),
    };
    const drawn = { lineSegments: [signal, main], solidLines: [signal, main] } as unknown as SymbolCandidates;
    expect(equipmentNozzles(fine, drawn, found([vessel])).nozzleOf.size).toBe(0);
    // Drawn with the pipes' pen, the same line leaves through a nozzle.
    const bold: Segment = { ...signal, lo: 98, hi: 102 };
    const boldInk = {
      ...fine,
      ink: inkWith(300, 200, [99, 20, 101, 180], [179, 20, 181, 180], [180, 98, 280, 102], [192, 90, 193, 110], [0, 190, 299, 194]),
    };
    const piped = { lineSegments: [bold, main], solidLines: [bold, main] } as unknown as SymbolCandidates;
    expect(described(equipmentNozzles(boldInk, piped, found([vessel])).symbols)).toEqual([
      ['vessel', 100, 180],
      ['nozzle', 180, 193],
    ]);
  });

  it('takes the nozzle’s own flange bar, found as a fitting standing on it, into the nozzle', () => {
    const bar: DetectedSymbol = { x0: 191, y0: 91, x1: 194, y1: 109, elementType: 'fitting', description: 'flange', confidence: 0.7 };
    const { symbols, nozzleOf } = equipmentNozzles(lines, candidates, found([vessel, bar]));
    expect(described(symbols)).toEqual([
      ['vessel', 100, 180],
      ['nozzle', 180, 193],
    ]);
    // One bar, a stroke deep: the nozzle's own flange, bolted to nothing drawn.
    expect(symbols[1].joint).toBeUndefined();
    expect([...nozzleOf.values()]).toEqual([vessel]);
  });

  it('gives the nozzle the joint of a flange pair found whole, its bars drawn too close to tell apart', () => {
    // The two bars merged into one six pixels deep (two strokes), found as one flange.
    const merged = { ...lines, ink: inkWith(300, 200, [99, 20, 101, 180], [179, 20, 181, 180], [180, 99, 280, 101], [192, 92, 197, 108]) };
    const pair: DetectedSymbol = { x0: 192, y0: 92, x1: 197, y1: 108, elementType: 'fitting', description: 'flange', confidence: 0.7 };
    const { symbols } = equipmentNozzles(merged, candidates, found([vessel, pair]));
    expect(symbols.map((s) => [s.description, s.joint])).toEqual([
      ['vessel', undefined],
      ['nozzle', { x0: 192, y0: 92, x1: 197, y1: 108 }],
    ]);
  });

  it('gives the nozzle and the flange bolted to it their joint as drawn, the pair of bars', () => {
    // The mate's bar at x 198..199, its hub to x 205; the joint's two bars span x 192..199.
    const paired = {
      ...lines,
      ink: inkWith(300, 200, [99, 20, 101, 180], [179, 20, 181, 180], [180, 99, 280, 101], [192, 92, 193, 108], [198, 92, 199, 108]),
    };
    const { symbols, bolted } = equipmentNozzles(paired, candidates, found([vessel]));
    const joint = { x0: 192, y0: 92, x1: 199, y1: 108 };
    expect(symbols.map((s) => [s.description, s.x0, s.x1, s.joint])).toEqual([
      ['vessel', 100, 180, undefined],
      ['nozzle', 180, 193, joint],
      ['flange', 198, 205, joint],
    ]);
    expect(bolted.map(({ parts }) => parts.map((part) => part.description))).toEqual([['nozzle', 'flange']]);
  });

  it.each([
    ['stands on the stub', 184, 196],
    ['at the stub’s end reaches two pixels into it', 192, 212],
  ])('adds no nozzle where a valve %s', (_, x0, x1) => {
    const valve: DetectedSymbol = { x0, y0: 90, x1, y1: 110, elementType: 'valve', description: 'gate valve', confidence: 0.7 };
    const { symbols } = equipmentNozzles(lines, candidates, found([vessel, valve]));
    expect(described(symbols)).toEqual([
      ['vessel', 100, 180],
      ['gate valve', x0, x1],
    ]);
  });

  it('adds the nozzle where a symbol beside the stub shares only the edge row of its box', () => {
    // A tag's text taken for a symbol, above the stub, its box and the nozzle's both taking in row 92.
    const beside: DetectedSymbol = { x0: 182, y0: 70, x1: 196, y1: 92, elementType: 'fitting', description: 'strainer', confidence: 0.7 };
    const { symbols } = equipmentNozzles(lines, candidates, found([vessel, beside]));
    expect(described(symbols)).toEqual([
      ['vessel', 100, 180],
      ['strainer', 182, 196],
      ['nozzle', 180, 193],
    ]);
  });
});
