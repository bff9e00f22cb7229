import { describe, expect, it } from 'vitest';
import { inkWith } from '../testing/ink';
import { findNozzles } from './nozzles';
import type { Segment } from './lines';

const [width, height] = [300, 200];
const vessel = { x0: 100, y0: 20, x1: 180, y1: 180 };

/** A page with a vessel's walls (x 100 and 180, y 20..180) and the given filled boxes. */
const page = (...boxes: Array<[number, number, number, number]>) =>
  inkWith(width, height, [99, 20, 101, 180], [179, 20, 181, 180], ...boxes);

const pipe = (start: number, end: number): Segment => ({ orientation: 'horizontal', start, end, lo: 99, hi: 101, dashed: false });

describe('findNozzles', () => {
  it('finds the stub from the side of a vessel to the flange on a pipe leaving it, either way', () => {
    const right = findNozzles(page([180, 99, 280, 101], [192, 92, 193, 108]), [pipe(180, 280)], [vessel], 3);
    expect(right).toEqual([{ box: { x0: 180, y0: 92, x1: 193, y1: 108 }, equipment: vessel }]);
    const left = findNozzles(page([10, 99, 100, 101], [86, 92, 87, 108], [82, 92, 83, 108]), [pipe(10, 100)], [vessel], 3);
    // A flange pair: both bars are the nozzle's.
    expect(left.map((n) => n.box)).toEqual([{ x0: 82, y0: 92, x1: 100, y1: 108 }]);
    // An open nozzle: no pipe past its flange, a bar short against the stub.
    const open = findNozzles(page([180, 99, 195, 101], [194, 95, 195, 105]), [pipe(180, 195)], [vessel], 3);
    expect(open.map((n) => n.box)).toEqual([{ x0: 180, y0: 95, x1: 195, y1: 105 }]);
  });

  it('takes no valve beside the vessel and no pipe that does not leave it for a nozzle', () => {
    const bowtie: Array<[number, number, number, number]> = [];
    for (let x = 190; x <= 210; x++) bowtie.push([x, 100 - Math.abs(x - 200), x, 100 + Math.abs(x - 200)]);
    expect(findNozzles(page([180, 99, 280, 101], ...bowtie), [pipe(180, 280)], [vessel], 3)).toEqual([]);
    expect(findNozzles(page([220, 99, 280, 101], [232, 92, 233, 108]), [pipe(220, 280)], [vessel], 3)).toEqual([]);
    // A leg ending at a foot as long as itself.
    expect(findNozzles(page([180, 99, 195, 101], [194, 88, 195, 112]), [pipe(180, 195)], [vessel], 3)).toEqual([]);
  });
});
