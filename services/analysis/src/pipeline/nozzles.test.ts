import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { findNozzles, nozzleNeck } from './nozzles';
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
    // A flange pair: the nozzle ends at its own flange (x 86..87); the other bar is the mate's face, its hub reaching
    // out 0.35 of its face across (6 px; the faces are 4 px apart), and the two meet across the gap between the bars.
    // The joint as drawn is the two bars (x 82..87).
    expect(left).toEqual([
      {
        box: { x0: 86, y0: 92, x1: 100, y1: 108 },
        equipment: vessel,
        mate: {
          box: { x0: 76, y0: 92, x1: 83, y1: 108 },
          between: { orientation: 'horizontal', start: [86, 100], end: [83, 100] },
          joint: { x0: 82, y0: 92, x1: 87, y1: 108 },
        },
      },
    ]);
    // A second bar far longer than the first is something else's (a spectacle blind's arm): not the nozzle's.
    const arm = findNozzles(page([10, 99, 100, 101], [86, 92, 87, 108], [82, 72, 83, 108]), [pipe(10, 100)], [vessel], 3);
    expect(arm).toEqual([{ box: { x0: 86, y0: 92, x1: 100, y1: 108 }, equipment: vessel }]);
    // The mate's bar may stand past the 16 strokes (32 px) the nozzle's own may (a vessel 160 px wide).
    const wide = { ...vessel, x0: 20 };
    const farPage = inkWith(
      width,
      height,
      [19, 20, 21, 180],
      [179, 20, 181, 180],
      [180, 99, 280, 101],
      [207, 92, 208, 108],
      [213, 92, 214, 108],
    );
    const far = findNozzles(farPage, [pipe(180, 280)], [wide], 2);
    expect(far.map((n) => [n.box.x1, n.mate?.box])).toEqual([[208, { x0: 213, y0: 92, x1: 220, y1: 108 }]]);
    // A manhole: a short stub closed by a flange and its blind, bars long against it; the blind is the nozzle's.
    const manhole = findNozzles(page([180, 99, 189, 101], [186, 80, 187, 120], [190, 80, 191, 120]), [pipe(180, 189)], [vessel], 3);
    expect(manhole).toEqual([{ box: { x0: 180, y0: 80, x1: 191, y1: 120 }, equipment: vessel }]);
    // An open nozzle: no pipe past its flange, a bar short against the stub.
    const open = findNozzles(page([180, 99, 195, 101], [194, 95, 195, 105]), [pipe(180, 195)], [vessel], 3);
    expect(open.map((n) => n.box)).toEqual([{ x0: 180, y0: 95, x1: 195, y1: 105 }]);
  });

  it('finds the stub where the pipe stops short of the vessel at a flange pair, the line broken between its bars', () => {
    // Stub 180..189, bars at 188..189 and 194..195 with paper between them on the centre line, pipe from 196 on.
    const flangePair: Array<[number, number, number, number]> = [
      [188, 92, 189, 108],
      [194, 92, 195, 108],
      [196, 99, 280, 101],
    ];
    const broken = findNozzles(page([180, 99, 189, 101], ...flangePair), [pipe(196, 280)], [vessel], 3);
    expect(broken.map((n) => [n.box, n.mate?.box, n.mate?.joint])).toEqual([
      [
        { x0: 180, y0: 92, x1: 189, y1: 108 },
        { x0: 194, y0: 92, x1: 201, y1: 108 },
        { x0: 188, y0: 92, x1: 195, y1: 108 },
      ],
    ]);
    // No stub between the side and the pipe: nothing leaves the vessel there.
    expect(findNozzles(page(...flangePair), [pipe(196, 280)], [vessel], 3)).toEqual([]);
    // A pipe starting again only far past a bar as long as the stub (20 strokes): a leg and its foot, a pipe's end.
    const foot = findNozzles(page([180, 99, 189, 101], [188, 92, 189, 108], [250, 99, 280, 101]), [pipe(250, 280)], [vessel], 3);
    expect(foot).toEqual([]);
  });

  it('starts the stub at the wall where the wall curves away inside the box (a nozzle on a dome off its crown)', () => {
    // The box's right side is x 180; at y 100 the wall stands at x 172..173 and the stub runs from it.
    const dome = inkWith(width, height, [99, 20, 101, 180], [172, 90, 173, 110], [174, 99, 280, 101], [188, 92, 189, 108]);
    expect(findNozzles(dome, [pipe(180, 280)], [vessel], 3).map((n) => n.box)).toEqual([{ x0: 172, y0: 92, x1: 189, y1: 108 }]);
    // A bar inside the box is the equipment's own drawing, no flange.
    const within = inkWith(width, height, [99, 20, 101, 180], [160, 90, 161, 110], [162, 99, 280, 101], [170, 92, 171, 108]);
    expect(findNozzles(within, [pipe(180, 280)], [vessel], 3)).toEqual([]);
    // A pipe drawn on inside the equipment from its side: the wall is at the side.
    const inside = inkWith(width, height, [99, 20, 101, 180], [179, 20, 181, 180], [110, 99, 280, 101], [190, 92, 191, 108]);
    expect(findNozzles(inside, [pipe(180, 280)], [vessel], 3).map((n) => n.box)).toEqual([{ x0: 180, y0: 92, x1: 191, y1: 108 }]);
  });

  it("takes a flange's bar longer than 16 strokes against a vessel that large", () => {
    // Strokes of 2 px: a 36-px bar is 18 strokes, under a quarter of the vessel's 160 px across the pipe.
    const long = findNozzles(page([180, 99, 280, 101], [188, 82, 189, 117]), [pipe(180, 280)], [vessel], 2);
    expect(long.map((n) => n.box)).toEqual([{ x0: 180, y0: 82, x1: 189, y1: 117 }]);
  });

  it('takes the pipe found apart from the stub, from the flange pair on, for the pipe running on: no closed nozzle', () => {
    // Stub x 180..189 to a flange pair (bars at 188..189 and 194..195); past the pair the pipe is a line of its own
    // from the second bar on, drawn a pixel off the stub's centre line (paper on it right after the bar).
    const ink = page([180, 99, 189, 101], [188, 92, 189, 108], [194, 92, 195, 108], [194, 98, 280, 99]);
    const beyond: Segment = { orientation: 'horizontal', start: 194, end: 280, lo: 98, hi: 99, dashed: false };
    const found = findNozzles(ink, [pipe(180, 189), beyond], [vessel], 3);
    expect(found.length).toBeGreaterThan(0);
    for (const nozzle of found) {
      expect(nozzle.box).toMatchObject({ x0: 180, x1: 189 });
      expect(nozzle.mate?.box.x0).toBe(194);
    }
  });

  it("takes a manhole's cover on two necks, a long bar even across the pair and not across either neck", () => {
    // Strokes of 2 px: necks at y 90 and 110 from the wall (x 180) to a cover of two bars 36 px long (y 82..117).
    const neck = (y: number): Segment => ({ orientation: 'horizontal', start: 180, end: 189, lo: y - 1, hi: y + 1, dashed: false });
    const necks: Array<[number, number, number, number]> = [
      [180, 89, 189, 91],
      [180, 109, 189, 111],
    ];
    const cover: Array<[number, number, number, number]> = [
      [188, 82, 189, 117],
      [192, 82, 193, 117],
    ];
    const both = findNozzles(page(...necks, ...cover), [neck(90), neck(110)], [vessel], 2);
    expect(both.map((n) => n.box)).toEqual([
      { x0: 180, y0: 82, x1: 193, y1: 117 },
      { x0: 180, y0: 82, x1: 193, y1: 117 },
    ]);
    // One neck alone under the same cover: a line crossing near the vessel, no nozzle; nor where the second stub
    // stops short of the bar.
    expect(findNozzles(page(necks[0], ...cover), [neck(90)], [vessel], 2)).toEqual([]);
    const shortNeck = { ...neck(110), end: 184 };
    expect(findNozzles(page(necks[0], [180, 109, 184, 111], ...cover), [neck(90), shortNeck], [vessel], 2)).toEqual([]);
  });

  it('takes no valve beside the vessel and no pipe that does not leave it for a nozzle', () => {
    const bowtie: Array<[number, number, number, number]> = [];
    for (let x = 190; x <= 210; x++) bowtie.push([x, 100 - Math.abs(x - 200), x, 100 + Math.abs(x - 200)]);
    expect(findNozzles(page([180, 99, 280, 101], ...bowtie), [pipe(180, 280)], [vessel], 3)).toEqual([]);
    expect(findNozzles(page([220, 99, 280, 101], [232, 92, 233, 108]), [pipe(220, 280)], [vessel], 3)).toEqual([]);
    // A leg ending at a foot as long as itself.
    expect(findNozzles(page([180, 99, 195, 101], [194, 88, 195, 112]), [pipe(180, 195)], [vessel], 3)).toEqual([]);
    // Also where the leg starts at a wall inside the box (a dome's side): the leg outside the box is measured.
    const domeLeg = inkWith(width, height, [99, 20, 101, 180], [172, 90, 173, 110], [174, 99, 189, 101], [188, 95, 189, 105]);
    expect(findNozzles(domeLeg, [pipe(180, 189)], [vessel], 3)).toEqual([]);
  });

  it("takes no side of the equipment's outline drawn past its box for a flange (an air cooler boxed short of its ends)", () => {
    // A cooler boxed x 100..180, y 78..122; its drawn outline goes on to x 190 (its top and bottom edges, y 80 and
    // 120), closed by a side x 190..191 the pipe leaves through.
    const cooler = { x0: 100, y0: 78, x1: 180, y1: 122 };
    const outline = inkWith(
      width,
      height,
      [99, 80, 101, 120],
      [180, 99, 280, 101],
      [100, 80, 191, 81],
      [100, 119, 191, 120],
      [190, 80, 191, 120],
    );
    expect(findNozzles(outline, [pipe(180, 280)], [cooler], 3)).toEqual([]);
    // Where a wall stands at the box's side (x 180), a flange as far off, its ends clear of the wall, is a nozzle's.
    const flange = page([180, 99, 280, 101], [190, 92, 191, 108]);
    expect(findNozzles(flange, [pipe(180, 280)], [cooler], 3).map((n) => n.box)).toEqual([{ x0: 180, y0: 92, x1: 191, y1: 108 }]);
    // So is a nozzle drawn as a small box of its own on the wall (edges y 92 and 108 from the wall to its end).
    const neck = page([180, 99, 280, 101], [180, 92, 191, 93], [180, 107, 191, 108], [190, 92, 191, 108]);
    expect(findNozzles(neck, [pipe(180, 280)], [cooler], 3).map((n) => n.box)).toEqual([{ x0: 180, y0: 92, x1: 191, y1: 108 }]);
  });
});

describe('nozzleNeck', () => {
  it('runs from the wall out along the stub, half way to its end, on the side the nozzle stands out of', () => {
    expect(nozzleNeck({ x0: 180, y0: 92, x1: 200, y1: 108 }, vessel)).toEqual({
      orientation: 'horizontal',
      start: [180, 100],
      end: [190, 100],
    });
    expect(nozzleNeck({ x0: 132, y0: 4, x1: 148, y1: 20 }, vessel)).toEqual({ orientation: 'vertical', start: [140, 20], end: [140, 12] });
    // A box drawn past the wall takes in part of the stub: the stub still runs out of the side it stands past most.
    expect(nozzleNeck({ x0: 170, y0: 170, x1: 192, y1: 186 }, vessel)).toEqual({
      orientation: 'horizontal',
      start: [180, 178],
      end: [186, 178],
    });
  });
});
