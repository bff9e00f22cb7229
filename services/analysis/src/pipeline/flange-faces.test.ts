import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { readJoint } from './flange-faces';

const [width, height] = [200, 200];

describe('readJoint', () => {
  it('splits a joint across a horizontal pipe into its two flanges, each hub away from the other', () => {
    // Bars at x 60–61 and 68–69 (centres 8 apart, 17 long) across a pipe along rows 49–51.
    const ink = inkWith(width, height, [0, 49, 199, 51], [60, 42, 61, 58], [68, 42, 69, 58]);
    expect(readJoint(ink, { x0: 60, y0: 42, x1: 69, y1: 58 }, 6)).toEqual({
      kind: 'flanges',
      faces: [
        { x0: 52, y0: 42, x1: 61, y1: 58 },
        { x0: 68, y0: 42, x1: 77, y1: 58 },
      ],
      links: [{ orientation: 'horizontal', start: [61, 50], end: [68, 50] }],
    });
  });

  it('makes a hub about a third of its face across (0.35) at the least, however close the faces are drawn', () => {
    // Bars 6 apart, 25 long: hubs 9 deep (kr_refinery boxes flanges 17 by 48 whose bars stand 7 apart).
    const ink = inkWith(width, height, [0, 49, 199, 51], [60, 38, 61, 62], [66, 38, 67, 62]);
    expect(readJoint(ink, { x0: 60, y0: 38, x1: 67, y1: 62 }, 6)).toMatchObject({
      faces: [
        { x0: 51, y0: 38, x1: 61, y1: 62 },
        { x0: 66, y0: 38, x1: 76, y1: 62 },
      ],
    });
  });

  it('splits one across a vertical pipe, and keeps the hubs on the page', () => {
    const ink = inkWith(width, height, [99, 0, 101, 199], [88, 2, 112, 3], [88, 12, 112, 13]);
    expect(readJoint(ink, { x0: 88, y0: 2, x1: 112, y1: 13 }, 6)).toEqual({
      kind: 'flanges',
      faces: [
        { x0: 88, y0: 0, x1: 112, y1: 3 },
        { x0: 88, y0: 12, x1: 112, y1: 23 },
      ],
      links: [{ orientation: 'vertical', start: [100, 3], end: [100, 12] }],
    });
  });

  it('reads three bars as two flanges with a plate between them, each hub as deep as its face is from the plate', () => {
    // Bar centres 60.5, 67 and 74.5: hubs 7 and 8 px deep.
    const three = inkWith(width, height, [0, 49, 199, 51], [60, 42, 61, 58], [66, 42, 68, 58], [74, 42, 75, 58]);
    expect(readJoint(three, { x0: 60, y0: 42, x1: 75, y1: 58 }, 6)).toEqual({
      kind: 'flanges',
      faces: [
        { x0: 53, y0: 42, x1: 61, y1: 58 },
        { x0: 74, y0: 42, x1: 83, y1: 58 },
      ],
      plate: { x0: 66, y0: 42, x1: 68, y1: 58 },
      links: [
        { orientation: 'horizontal', start: [61, 50], end: [66, 50] },
        { orientation: 'horizontal', start: [68, 50], end: [74, 50] },
      ],
    });
  });

  it('reads two bars with more than the pipe between them (a figure-8 blind edge on, its handle) as flanges when told so', () => {
    const ink = inkWith(width, height, [0, 49, 199, 51], [60, 42, 61, 58], [64, 50, 66, 90], [68, 42, 69, 58]);
    const joint = { x0: 60, y0: 42, x1: 69, y1: 58 };
    expect(readJoint(ink, joint, 6, true)).toEqual({
      kind: 'flanges',
      faces: [
        { x0: 52, y0: 42, x1: 61, y1: 58 },
        { x0: 68, y0: 42, x1: 77, y1: 58 },
      ],
      links: [{ orientation: 'horizontal', start: [61, 50], end: [68, 50] }],
    });
    // Not told, more than the pipe between the bars: no joint of two flanges, it stays whole.
    expect(readJoint(ink, joint, 6)).toBeUndefined();
  });

  it('leaves whole what is not two or three bars: one bar, four, a bar too short to span the box', () => {
    const pipe: [number, number, number, number] = [0, 49, 199, 51];
    expect(readJoint(inkWith(width, height, pipe, [60, 38, 61, 62]), { x0: 56, y0: 38, x1: 65, y1: 62 }, 6)).toBeUndefined();
    // A butterfly valve's disc between its end bars: more than the pipe between them.
    const disc = inkWith(width, height, pipe, [60, 38, 61, 62], [63, 42, 66, 58], [68, 38, 69, 62]);
    expect(readJoint(disc, { x0: 60, y0: 38, x1: 69, y1: 62 }, 6)).toBeUndefined();
    const four = inkWith(width, height, pipe, [60, 38, 61, 62], [66, 38, 67, 62], [72, 38, 73, 62], [78, 38, 79, 62]);
    expect(readJoint(four, { x0: 60, y0: 38, x1: 79, y1: 62 }, 6)).toBeUndefined();
    const short = inkWith(width, height, pipe, [60, 38, 61, 62], [68, 44, 69, 56]);
    expect(readJoint(short, { x0: 60, y0: 38, x1: 69, y1: 62 }, 6)).toBeUndefined();
  });

  it("takes a stroke leaving from between the bars, across the pipe, for an orifice plate's tap", () => {
    const joint = { x0: 60, y0: 38, x1: 69, y1: 62 };
    const bars: Array<[number, number, number, number]> = [
      [0, 49, 199, 51],
      [60, 38, 61, 62],
      [68, 38, 69, 62],
    ];
    // A dash of the impulse line starting 3 px past the bars' ends, above or below.
    expect(readJoint(inkWith(width, height, ...bars, [64, 20, 65, 34]), joint, 6)).toEqual({ kind: 'orifice plate' });
    expect(readJoint(inkWith(width, height, ...bars, [64, 66, 65, 80]), joint, 6)).toEqual({ kind: 'orifice plate' });
    // A tap's stub alone, inside the box a candidate drew around it all.
    expect(readJoint(inkWith(width, height, ...bars, [64, 33, 65, 37]), { ...joint, y0: 33 }, 6)).toEqual({ kind: 'orifice plate' });
    // Beyond reach, or beside a bar rather than between the bars: flanges.
    expect(readJoint(inkWith(width, height, ...bars, [64, 20, 65, 30]), joint, 6)?.kind).toBe('flanges');
    expect(readJoint(inkWith(width, height, ...bars, [52, 20, 53, 36]), joint, 6)?.kind).toBe('flanges');
  });
});
