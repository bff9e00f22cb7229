import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { flangeJoints } from './flange-joints';
import type { Segment } from './lines';

const [width, height] = [240, 100];
const pipe: Segment = { orientation: 'horizontal', start: 0, end: 139, lo: 49, hi: 51, dashed: false };

/** A page with a pipe along rows 49–51 from x 0 to 139 (ending there) and the given filled boxes. */
const page = (...boxes: Array<[number, number, number, number]>) => inkWith(width, height, [0, 49, 139, 51], ...boxes);

describe('flangeJoints', () => {
  it('finds two short bars across a pipe, inline or at its end', () => {
    expect(flangeJoints(page([60, 38, 61, 62], [68, 38, 69, 62]), [pipe], 3)).toEqual([
      { box: { x0: 60, y0: 38, x1: 69, y1: 62 }, plate: false },
    ]);
    // Past the pipe's end, with paper between the bars.
    expect(flangeJoints(page([140, 38, 141, 62], [148, 38, 149, 62]), [pipe], 3)).toEqual([
      { box: { x0: 140, y0: 38, x1: 149, y1: 62 }, plate: false },
    ]);
  });

  it('finds a plate between two flanges: three bars alike, the pipe alone between them', () => {
    expect(flangeJoints(page([60, 38, 61, 62], [68, 38, 70, 62], [77, 38, 78, 62]), [pipe], 3)).toEqual([
      { box: { x0: 60, y0: 38, x1: 78, y1: 62 }, plate: true },
    ]);
    // Two bars with a stroke out to one side between them: a figure-8 blind's plate seen edge on, and its handle.
    expect(flangeJoints(page([60, 38, 61, 62], [64, 50, 66, 90], [68, 38, 69, 62]), [pipe], 3)).toEqual([
      { box: { x0: 60, y0: 38, x1: 69, y1: 62 }, plate: true },
    ]);
    // Four bars as close are something else's.
    expect(flangeJoints(page([60, 38, 61, 62], [68, 38, 69, 62], [76, 38, 77, 62], [84, 38, 85, 62]), [pipe], 3)).toEqual([]);
  });

  it('takes no valve, no bars far apart and no long edge for a flange', () => {
    const bowtie: Array<[number, number, number, number]> = [];
    for (let x = 60; x <= 80; x++) bowtie.push([x, 50 - Math.abs(x - 70), x, 50 + Math.abs(x - 70)]);
    expect(flangeJoints(page([58, 38, 59, 62], ...bowtie, [81, 38, 82, 62]), [pipe], 3)).toEqual([]);
    expect(flangeJoints(page([60, 38, 61, 62], [90, 38, 91, 62]), [pipe], 3)).toEqual([]);
    // Strokes out to both sides between the bars, or a valve's body right outside one: no joint.
    expect(flangeJoints(page([60, 38, 61, 62], [64, 20, 66, 80], [68, 38, 69, 62]), [pipe], 3)).toEqual([]);
    const body: Array<[number, number, number, number]> = [];
    for (let x = 70; x <= 80; x++) body.push([x, 40 + (x - 70), x, 60 - (x - 70)]);
    expect(flangeJoints(page([60, 38, 61, 62], [68, 38, 69, 62], ...body), [pipe], 3)).toEqual([]);
    expect(flangeJoints(page([60, 0, 61, 99], [68, 0, 69, 99]), [pipe], 3)).toEqual([]);
  });
});
