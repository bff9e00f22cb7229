import { describe, expect, it } from 'vitest';
import { inkWith } from '../testing/ink';
import { flangePairs } from './flange-pairs';
import type { Segment } from './lines';

const [width, height] = [240, 100];
const pipe: Segment = { orientation: 'horizontal', start: 0, end: 139, lo: 49, hi: 51, dashed: false };

/** A page with a pipe along rows 49–51 from x 0 to 139 (ending there) and the given filled boxes. */
const page = (...boxes: Array<[number, number, number, number]>) => inkWith(width, height, [0, 49, 139, 51], ...boxes);

describe('flangePairs', () => {
  it('finds two short bars across a pipe, inline or at its end', () => {
    expect(flangePairs(page([60, 38, 61, 62], [68, 38, 69, 62]), [pipe], 3)).toEqual([{ x0: 60, y0: 38, x1: 69, y1: 62 }]);
    // Past the pipe's end, with paper between the bars.
    expect(flangePairs(page([140, 38, 141, 62], [148, 38, 149, 62]), [pipe], 3)).toEqual([{ x0: 140, y0: 38, x1: 149, y1: 62 }]);
  });

  it('takes no valve, no third bar, no bars far apart and no long edge for a flange', () => {
    const bowtie: Array<[number, number, number, number]> = [];
    for (let x = 60; x <= 80; x++) bowtie.push([x, 50 - Math.abs(x - 70), x, 50 + Math.abs(x - 70)]);
    expect(flangePairs(page([58, 38, 59, 62], ...bowtie, [81, 38, 82, 62]), [pipe], 3)).toEqual([]);
    expect(flangePairs(page([60, 38, 61, 62], [68, 38, 69, 62], [76, 38, 77, 62]), [pipe], 3)).toEqual([]);
    expect(flangePairs(page([60, 38, 61, 62], [90, 38, 91, 62]), [pipe], 3)).toEqual([]);
    expect(flangePairs(page([60, 0, 61, 99], [68, 0, 69, 99]), [pipe], 3)).toEqual([]);
  });
});
