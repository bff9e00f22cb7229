import { describe, expect, it } from '@jest/globals';
import type { ElementType } from '@pid/contracts';
import type { PageConnection } from './stages/page-connections';
import type { Segment } from './lines';
import type { DetectedSymbol } from './symbols';
import { inkWith } from '../testing/ink';
import { withoutUnreachedBoxes, withoutUnreachedFlanges } from './unreached-boxes';

const UNIT = 2;

const symbol = (x0: number, description: string, elementType: ElementType = 'equipment'): DetectedSymbol => ({
  x0,
  y0: 0,
  x1: x0 + 50,
  y1: 50,
  elementType,
  description,
  confidence: 0.6,
});
const pipe = (source: DetectedSymbol, target: DetectedSymbol): PageConnection => ({
  source,
  target,
  path: [{ orientation: 'horizontal', start: [source.x1, 25], end: [target.x0, 25] }],
  dashed: false,
  junctions: 0,
});

describe('withoutUnreachedBoxes', () => {
  const valve = symbol(100, 'gate valve', 'valve');

  it('drops rectangles that stand alone, touching each other or not, and keeps one a pipe reaches', () => {
    const stamp = symbol(0, 'equipment (box)');
    const rows = [symbol(500, 'equipment (box)'), { ...symbol(500, 'equipment (box)'), y0: 50, y1: 100 }];
    const label = symbol(10, 'FOR CONSTRUCTION', 'text');
    const skid = symbol(200, 'equipment (box)');
    expect(withoutUnreachedBoxes([stamp, ...rows, label, skid, valve], [pipe(valve, skid)], new Map())).toEqual([label, skid, valve]);
  });

  it('keeps a rectangle whose pipes reach its nozzles, or that stands against another symbol, with the boxes against it', () => {
    const vessel = symbol(0, 'equipment (box)');
    const nozzle = symbol(40, 'nozzle', 'fitting');
    const pump = symbol(300, 'centrifugal pump');
    expect(withoutUnreachedBoxes([vessel, nozzle, pump, valve], [pipe(nozzle, valve)], new Map([[nozzle, vessel]]))).toEqual([
      vessel,
      nozzle,
      pump,
      valve,
    ]);
    // An exchanger read in pieces: its ends are reached, its middle boxes are not.
    const top = { ...symbol(600, 'plate exchanger'), y1: 40 };
    const middle = [
      { ...symbol(600, 'equipment (box)'), y0: 41, y1: 80 },
      { ...symbol(600, 'equipment (box)'), y0: 81, y1: 120 },
    ];
    const bottom = { ...symbol(600, 'plate exchanger'), y0: 121, y1: 160 };
    const pieces = [top, ...middle, bottom];
    expect(withoutUnreachedBoxes(pieces, [pipe(top, bottom)], new Map())).toEqual(pieces);
    expect(withoutUnreachedBoxes([top, ...middle], [], new Map())).toEqual([top, ...middle]);
  });
});

describe('withoutUnreachedFlanges', () => {
  it('drops a flange no connection reaches and no line runs through, and keeps one bolted to its mate or on a pipe, and a blind flange closing a stub', () => {
    const valve = symbol(100, 'gate valve', 'valve');
    const onPipe = symbol(200, 'flange', 'fitting');
    const [face, mate] = [symbol(300, 'flange', 'fitting'), symbol(360, 'flange', 'fitting')];
    const tick = symbol(400, 'flange', 'fitting');
    const blind = symbol(500, 'blind flange', 'fitting');
    // A flange on a pipe open at both ends (y 25, x 590..700 through a flange at 600..650): nothing to connect it to.
    const open = symbol(600, 'flange', 'fitting');
    const through: Segment = { orientation: 'horizontal', start: 590, end: 700, lo: 24, hi: 26, dashed: false };
    // A line ending at a tick (a dimension line) runs through nothing.
    const toTick: Segment = { orientation: 'horizontal', start: 350, end: 420, lo: 24, hi: 26, dashed: false };
    const symbols = [valve, onPipe, face, mate, tick, blind, open];
    // The blind closes a stub too short to trace (x 470..520 at y 25): its ink leaves the blind's box.
    const ink = inkWith(800, 60, [470, 24, 520, 26]);
    expect(withoutUnreachedFlanges(symbols, [pipe(valve, onPipe), pipe(face, mate)], [through, toTick], ink, UNIT)).toEqual([
      valve,
      onPipe,
      face,
      mate,
      blind,
      open,
    ]);
  });

  it('drops a blind flange no connection reaches whose ink touches nothing outside its box (a hatched block)', () => {
    const block = { ...symbol(100, 'blind flange', 'fitting'), y0: 5 };
    const closing = { ...symbol(300, 'blind flange', 'fitting'), y0: 5 };
    const valve = symbol(400, 'gate valve', 'valve');
    const ink = inkWith(800, 60, [110, 10, 140, 40], [310, 10, 340, 40]);
    expect(withoutUnreachedFlanges([block, closing, valve], [pipe(closing, valve)], [], ink, UNIT)).toEqual([closing, valve]);
  });
});
