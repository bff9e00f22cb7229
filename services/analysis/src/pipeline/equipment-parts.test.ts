import { describe, expect, it } from '@jest/globals';
import { withoutSections, withStackedParts } from './equipment-parts';
import type { Segment } from './lines';
import type { DetectedSymbol } from './symbols';

const symbol = (x0: number, y0: number, x1: number, y1: number, fields: Partial<DetectedSymbol>): DetectedSymbol => ({
  x0,
  y0,
  x1,
  y1,
  elementType: 'valve',
  description: 'valve',
  confidence: 0.5,
  ...fields,
});
const pipe = (orientation: Segment['orientation'], start: number, end: number, lo: number): Segment => ({
  orientation,
  start,
  end,
  lo,
  hi: lo + 3,
  dashed: false,
});

describe('withStackedParts', () => {
  // An air cooler's bundle (a box on a horizontal pipe), its fan above and the motor above that.
  const bundle = symbol(100, 400, 280, 448, { elementType: 'equipment', description: 'equipment (box)', outlined: true });
  const fan = symbol(146, 372, 234, 390, { description: 'gate valve' });
  const motor = symbol(177, 339, 203, 361, { elementType: 'fitting', description: 'reducer' });
  const pipes = [pipe('horizontal', 0, 101, 422), pipe('horizontal', 279, 400, 422), pipe('vertical', 359, 373, 189)];

  it('grows an equipment box over the parts stacked on its axis off every pipe', () => {
    const result = withStackedParts([bundle, fan, motor], pipes, 4);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ x0: 100, y0: 339, x1: 280, y1: 448, elementType: 'equipment' });
  });

  it('takes the motor though the fan between it and the box was lost', () => {
    const result = withStackedParts([bundle, motor], pipes, 4);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ y0: 339, y1: 448 });
  });

  it('leaves a valve on a pipe below the box, and parts under a vessel, to themselves', () => {
    const valve = symbol(176, 470, 204, 500, {});
    const onPipe = [...pipes, pipe('vertical', 448, 700, 189)];
    expect(withStackedParts([bundle, valve], onPipe, 4)).toHaveLength(2);
    const vessel = { ...bundle, description: 'equipment (vessel)' };
    expect(withStackedParts([vessel, fan, motor], pipes, 4)).toHaveLength(3);
  });

  it('grows a box the classifier names an air cooler surely, and not one it only guesses so', () => {
    const named = (confidence: number) => ({ ...bundle, description: 'air cooler', symbolClass: 'air_cooler', confidence });
    expect(withStackedParts([named(0.9), fan, motor], pipes, 4)).toHaveLength(1);
    // An instrument bubble of a style the classifier does not know, a valve hanging under it on a short line.
    expect(withStackedParts([named(0.2), fan, motor], pipes, 4)).toHaveLength(3);
  });

  it("takes a roof as wide as the box on its top edge, a pipe into it or not (a tank's dome)", () => {
    const box = symbol(100, 300, 264, 444, { elementType: 'equipment', description: 'equipment (box)', outlined: true });
    const dome = symbol(100, 270, 264, 303, { elementType: 'fitting', description: 'fitting' });
    // A pipe far longer than the dome is wide: one the stacked parts would not take.
    const intoDome = [pipe('vertical', -300, 271, 180)];
    const result = withStackedParts([box, dome], intoDome, 4);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ x0: 100, y0: 270, x1: 264, y1: 444 });
    // Narrower than the box, or standing off it, it is no roof.
    expect(withStackedParts([box, { ...dome, x0: 140, x1: 224 }], intoDome, 4)).toHaveLength(2);
    expect(withStackedParts([box, { ...dome, y0: 230, y1: 262 }], intoDome, 4)).toHaveLength(2);
    // On the bottom edge too; a drawn box as wide is no roof.
    expect(withStackedParts([box, { ...dome, y0: 441, y1: 474 }], intoDome, 4)[0]).toMatchObject({ y0: 300, y1: 474 });
    expect(withStackedParts([box, { ...dome, outlined: true }], intoDome, 4)).toHaveLength(2);
  });
});

describe('withoutSections', () => {
  // A column drawn as a tall box, a packed bed between two lines across it.
  const column = symbol(930, 293, 1040, 1129, { elementType: 'equipment', description: 'column', outlined: true });
  const bed = symbol(931, 400, 1039, 726, { elementType: 'equipment', description: 'compressor' });

  it('drops equipment inside other equipment and as wide as it, keeping the rest', () => {
    const valve = symbol(960, 500, 990, 520, {});
    expect(withoutSections([column, bed, valve], 4)).toEqual([column, valve]);
  });

  it('drops a band across a horizontal vessel too', () => {
    const drum = symbol(100, 100, 600, 220, { elementType: 'equipment', description: 'horizontal vessel', outlined: true });
    const band = symbol(300, 101, 360, 219, { elementType: 'equipment', description: 'filter' });
    expect(withoutSections([drum, band], 4)).toEqual([drum]);
  });

  it('keeps equipment inside a larger box that does not reach its sides (a pump in a package outline)', () => {
    const pump = symbol(980, 500, 1020, 540, { elementType: 'equipment', description: 'centrifugal pump' });
    const sideBySide = symbol(1050, 400, 1160, 726, { elementType: 'equipment', description: 'vertical vessel' });
    expect(withoutSections([column, pump, sideBySide], 4)).toEqual([column, pump, sideBySide]);
  });
});
