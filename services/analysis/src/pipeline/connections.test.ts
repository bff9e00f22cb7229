import { describe, expect, it } from '@jest/globals';
import { traceConnections } from './connections';
import { MIN_SOLID_REACH } from './piece-lines';
import { inkWith } from '../testing/ink';
import { lineSegment } from '../testing/segments';
import { pairs } from '../testing/connection-pairs';

const horizontal = (start: number, end: number, y: number) => lineSegment('horizontal', y, start, end);
const vertical = (start: number, end: number, x: number) => lineSegment('vertical', x, start, end);

describe('traceConnections', () => {
  // Two pumps on a vertical pipe along x 100, y 20..280.
  const [top, bottom] = [
    { x0: 80, y0: 0, x1: 120, y1: 19 },
    { x0: 80, y0: 281, x1: 120, y1: 300 },
  ];

  it('connects a valve to its blind flange across a stub shorter than the reach, one symbol at each end', () => {
    // A pipe into the valve, then 7 px of pipe to the flange: both ends of the stub are within reach of both.
    const valve = { x0: 100, y0: 90, x1: 130, y1: 110 };
    const flange = { x0: 138, y0: 85, x1: 141, y1: 115 };
    const connections = traceConnections([horizontal(20, 99, 100), horizontal(131, 137, 100)], [valve, flange], [], 3);
    expect(connections.map((c) => [c.source, c.target].sort())).toEqual([[0, 1]]);
  });

  it('connects a valve hung from a pipe by a leg shorter than the reach: the leg leads away from it into the pipe', () => {
    // A vertical pipe x 100 between two pumps; a valve left of it (x 60..93) on a 5-px leg x 94..98 at y 150.
    const valve = { x0: 60, y0: 140, x1: 93, y1: 160 };
    const segments = [vertical(20, 280, 100), horizontal(94, 98, 150)];
    expect(pairs(traceConnections(segments, [top, bottom, valve], [], 2))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('goes on past a fitting hung from the pipe whose reach (its leg to the pipe) spans the pipe: all three are joined', () => {
    // A vertical pipe x 100 between two pumps; a fitting x 110..140 right of it, its reach over its leg to x 96.
    const reach = { x0: 96, y0: 140, x1: 140, y1: 160 };
    const core = { x0: 110, y0: 140, x1: 140, y1: 160 };
    const segments = [vertical(20, 280, 100)];
    expect(pairs(traceConnections(segments, [top, bottom, reach], [], 2, { cores: [top, bottom, core] }))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    // A valve drawn on the pipe (its own box across it) splits it: the pumps are joined through the valve only.
    const inline = { x0: 90, y0: 140, x1: 110, y1: 160 };
    expect(pairs(traceConnections(segments, [top, bottom, inline], [], 2, { cores: [top, bottom, inline] }))).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('connects a branch valve drawn right beside its junction dot (the pipe between them shorter than a sliver)', () => {
    // A vertical pipe x 100 between two pumps; a dot on it at y 150; a valve 7 px right of the dot, its pipe
    // piece x 109..115 the only line between them.
    const valve = { x0: 116, y0: 140, x1: 156, y1: 160 };
    const dot = { x0: 93, y0: 143, x1: 108, y1: 157 };
    const segments = [vertical(20, 280, 100), horizontal(109, 115, 150)];
    expect(pairs(traceConnections(segments, [top, bottom, valve], [dot], 4))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });

  it('joins a hairline broken by a speck of paper as long as the reach floor, along it and at a bend', () => {
    // Unit 2 (a stroke's reach of 7 px): a pump's pipe along y 100 broken 8 px before x 200, then down to a tank,
    // broken again 8 px at the bend.
    const pump = { x0: 0, y0: 80, x1: 39, y1: 120 };
    const tank = { x0: 270, y0: 300, x1: 330, y1: 380 };
    const hair = (segment: ReturnType<typeof horizontal>) => ({ ...segment, lo: segment.lo + 1, hi: segment.hi - 1 });
    const segments = [horizontal(40, 192, 100), horizontal(200, 300, 100), vertical(100 + MIN_SOLID_REACH - 1, 299, 300)].map(hair);
    expect(pairs(traceConnections(segments, [pump, tank], [], 2))).toEqual([[0, 1]]);
    // A gap wider than the floor stays a gap.
    const wide = [horizontal(40, 190, 100), horizontal(200, 300, 100), vertical(101, 299, 300)].map(hair);
    expect(pairs(traceConnections(wide, [pump, tank], [], 2))).toEqual([]);
  });

  describe('a hairline a scan broke wider than its reach', () => {
    // Unit 2 (reach 9 px): a pump's pipe along y 100 to a tank, broken 16 px (x 191..206), specks run together.
    const pump = { x0: 0, y0: 80, x1: 39, y1: 120 };
    const tank = { x0: 301, y0: 80, x1: 360, y1: 120 };
    const segments = [horizontal(40, 190, 100), horizontal(207, 300, 100)];
    const inked = (...more: Array<[number, number, number, number]>) => inkWith(400, 400, [40, 99, 190, 101], [207, 99, 300, 101], ...more);

    it('joins two free ends on one line with paper between them', () => {
      expect(pairs(traceConnections(segments, [pump, tank], [], 2, { ink: inked() }))).toEqual([[0, 1]]);
    });

    it('leaves the break where ink stands in it (a symbol, a letter), where another line meets an end, or where it is wider', () => {
      expect(pairs(traceConnections(segments, [pump, tank], [], 2, { ink: inked([196, 92, 201, 108]) }))).toEqual([]);
      const branch = vertical(101, 300, 190);
      expect(pairs(traceConnections([...segments, branch], [pump, tank], [], 2, { ink: inked([189, 101, 191, 300]) }))).toEqual([]);
      const wider = [horizontal(40, 180, 100), horizontal(207, 300, 100)];
      expect(
        pairs(traceConnections(wider, [pump, tank], [], 2, { ink: inkWith(400, 400, [40, 99, 180, 101], [207, 99, 300, 101]) })),
      ).toEqual([]);
      // Without the page's ink (a PDF's strokes are exact) a break stays a break.
      expect(pairs(traceConnections(segments, [pump, tank], [], 2))).toEqual([]);
    });
  });

  describe('a pipe stopping short of the symbol it runs into (its box drawn in to its body)', () => {
    // Unit 2 (reach 9 px): a pump's pipe along y 100 stops at x 285; a column's box starts 15 px on.
    const pump = { x0: 0, y0: 80, x1: 39, y1: 120 };
    const column = { x0: 300, y0: 60, x1: 360, y1: 260 };
    const pipe = horizontal(40, 285, 100);

    it('connects the pipe to the symbol straight ahead within two reaches', () => {
      expect(pairs(traceConnections([pipe], [pump, column], [], 2))).toEqual([[0, 1]]);
    });

    it('leaves the end where the symbol is further, beside the line, or another line meets the end', () => {
      expect(pairs(traceConnections([pipe], [pump, { ...column, x0: 305 }], [], 2))).toEqual([]);
      expect(pairs(traceConnections([pipe], [pump, { ...column, y0: 110 }], [], 2))).toEqual([]);
      // The line bends down at its end to a tank: the column ahead is passed by.
      const tank = { x0: 260, y0: 400, x1: 320, y1: 460 };
      expect(pairs(traceConnections([pipe, vertical(100, 399, 285)], [pump, column, tank], [], 2))).toEqual([[0, 2]]);
    });
  });

  it('takes a bend drawn beside a symbol for a bend, not for two ends at that symbol', () => {
    // A pump's pipe along y 100 bends down at x 300 to a tank; a small symbol stands just inside the corner.
    const pump = { x0: 0, y0: 80, x1: 39, y1: 120 };
    const tank = { x0: 270, y0: 300, x1: 330, y1: 380 };
    const beside = { x0: 280, y0: 80, x1: 298, y1: 97 };
    const segments = [horizontal(40, 301, 100), vertical(99, 299, 300)];
    expect(pairs(traceConnections(segments, [pump, tank, beside], [], 3))).toEqual([[0, 1]]);
    // A symbol on the corner, across the pipe's line, is where both pieces end.
    const onCorner = { x0: 290, y0: 90, x1: 310, y1: 110 };
    expect(pairs(traceConnections(segments, [pump, tank, onCorner], [], 3))).toEqual([
      [0, 2],
      [1, 2],
    ]);
  });

  it('takes a signal line turning off in a clean corner before a symbol it points at for a bend', () => {
    // Unit 2 (a dashed reach of 14 px): a signal line y 100 from a bubble runs right to x 132 and turns down to a
    // valve; an orifice plate stands 10 px on, across the line's axis.
    const dashed = (segment: ReturnType<typeof horizontal>) => ({ ...segment, dashed: true });
    const bubble = { x0: 0, y0: 60, x1: 79, y1: 140 };
    const plate = { x0: 142, y0: 85, x1: 171, y1: 115 };
    const valve = { x0: 110, y0: 258, x1: 155, y1: 320 };
    const segments = [horizontal(88, 132, 100), vertical(100, 250, 132)].map(dashed);
    expect(pairs(traceConnections(segments, [bubble, plate, valve], [], 2))).toEqual([[0, 2]]);
    // A line that stops short of the plate with only a stub turning off (no longer than a reach) ends at the plate.
    const stub = [horizontal(88, 132, 100), vertical(100, 110, 132)].map(dashed);
    expect(pairs(traceConnections(stub, [bubble, plate, valve], [], 2))).toEqual([[0, 1]]);
  });

  it("passes a signal line through a valve's reach beside its box on to the bubble beyond: it does not end at the valve", () => {
    // A valve x 100..140, y 120..160, whose reach (its actuator's ink) stands up to y 95; a signal line along y 100
    // from a bubble on the left to one on the right.
    const valve = { x0: 100, y0: 95, x1: 140, y1: 160 };
    const core = { x0: 100, y0: 120, x1: 140, y1: 160 };
    const [from, to] = [
      { x0: 0, y0: 85, x1: 30, y1: 115 },
      { x0: 250, y0: 85, x1: 280, y1: 115 },
    ];
    const signal = { ...horizontal(31, 249, 100), dashed: true };
    expect(pairs(traceConnections([signal], [valve, from, to], [], 2, { cores: [core, from, to] }))).toEqual([[1, 2]]);
    // Without the symbols' own boxes, the reach cuts the line: the valve takes both its ends.
    expect(pairs(traceConnections([signal], [valve, from, to], [], 2))).toEqual([
      [0, 1],
      [0, 2],
    ]);
    // A signal line ending at the actuator ends at the valve.
    const intoActuator = { ...horizontal(31, 110, 100), dashed: true };
    expect(pairs(traceConnections([intoActuator], [valve, from], [], 2, { cores: [core, from] }))).toEqual([[0, 1]]);
  });

  describe('a pipe crossing a line between two valves', () => {
    // Pumps left and right on the pipe y 200; valves above and below on the line x 150.
    const [left, right] = [
      { x0: 0, y0: 180, x1: 19, y1: 220 },
      { x0: 281, y0: 180, x1: 300, y1: 220 },
    ];
    const [upper, lower] = [
      { x0: 135, y0: 40, x1: 165, y1: 59 },
      { x0: 135, y0: 341, x1: 165, y1: 360 },
    ];
    const pipe = horizontal(20, 280, 200);

    it('takes the line drawn broken at the pipe, going on straight beyond, for a crossing, not two junctions', () => {
      // The line stops 4 px short of the pipe above it and starts at the pipe below it.
      const segments = [pipe, vertical(60, 195, 150), vertical(199, 340, 150)];
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [], 3))).toEqual([
        [0, 1],
        [2, 3],
      ]);
      // With a dot there it is a junction: every pair of the four.
      const dot = { x0: 145, y0: 195, x1: 155, y1: 205 };
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [dot], 3))).toHaveLength(6);
    });

    it('takes a hairline broken wider than its reach either side of the pipe (a gap drawn to the sheet) for a crossing', () => {
      // Stroke unit 2 (reach 9): the line stops 12 px above the pipe's middle and starts again 12 px below it; the
      // sheet's crossings are drawn up to 14 px either side.
      const sheet = { crossingGap: 14 };
      const segments = [pipe, vertical(60, 188, 150), vertical(212, 340, 150)];
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [], 2, sheet))).toEqual([
        [0, 1],
        [2, 3],
      ]);
      // Not so without the sheet's crossing gap (a PDF's exact strokes), nor where the break is off the pipe's middle.
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [], 2))).toEqual([[0, 1]]);
      const offCentre = [pipe, vertical(60, 188, 150), vertical(226, 340, 150)];
      expect(pairs(traceConnections(offCentre, [left, right, upper, lower], [], 2, sheet))).toEqual([[0, 1]]);
      // Stopping as far short of the pipe with a valve as far beyond, it goes on into the valve.
      const valve = { x0: 135, y0: 210, x1: 165, y1: 240 };
      expect(pairs(traceConnections([pipe, vertical(60, 188, 150)], [left, right, upper, valve], [], 2, sheet))).toEqual([
        [0, 1],
        [2, 3],
      ]);
    });

    it('takes a signal line whose dash touches the pipe on one side, going on after a gap on the other, for a crossing', () => {
      // Stroke unit 2, the sheet's crossings drawn up to 14 px either side: the line's dash from the upper valve
      // reaches the pipe (y 200); the line goes on 20 px beyond the pipe's middle, found as a solid dash too.
      const sheet = { crossingGap: 14 };
      const segments = [pipe, vertical(60, 199, 150), vertical(220, 340, 150)];
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [], 2, sheet))).toEqual([
        [0, 1],
        [2, 3],
      ]);
      // Going on farther off than two crossing gaps, it is a branch joined to the pipe; the piece beyond is its own.
      const farOff = [pipe, vertical(60, 199, 150), vertical(232, 340, 150)];
      expect(pairs(traceConnections(farOff, [left, right, upper, lower], [], 2, sheet))).toEqual([
        [0, 1],
        [0, 2],
        [1, 2],
      ]);
    });

    it("takes a line stopping at the pipe, a symbol's unfound stem going on beyond it, for a crossing into that symbol", () => {
      // Stroke unit 2, crossings drawn up to 14 px either side: the line from the lower valve stops 8 px below the
      // pipe; above it, after 8 px of paper, a stem (x 149-151, y 150-191) runs 42 px up into the upper valve, now at y
      // 120-149, too short to be found as a line (the shortest is 60 px).
      const sheet = { crossingGap: 14, stemLength: 60 };
      const valve = { x0: 135, y0: 120, x1: 165, y1: 149 };
      const segments = [pipe, vertical(208, 340, 150)];
      const ink = inkWith(400, 400, [20, 199, 280, 201], [149, 208, 151, 340], [149, 150, 151, 191]);
      expect(pairs(traceConnections(segments, [left, right, valve, lower], [], 2, { ...sheet, ink }))).toEqual([
        [0, 1],
        [2, 3],
      ]);
      // Paper where the stem would be: the line is a branch joined to the pipe, the symbol beyond no end of it.
      const bare = inkWith(400, 400, [20, 199, 280, 201], [149, 208, 151, 340]);
      expect(pairs(traceConnections(segments, [left, right, valve, lower], [], 2, { ...sheet, ink: bare }))).toEqual([
        [0, 1],
        [0, 3],
        [1, 3],
      ]);
    });

    it('takes the line drawn slightly askew, found in two overlapping pieces, for one line, not a junction where a piece ends', () => {
      // One piece from the upper valve to y 260, one a pixel aside from y 203 (just below the pipe) to the lower valve.
      const segments = [pipe, vertical(60, 260, 150), vertical(203, 340, 151)];
      expect(pairs(traceConnections(segments, [left, right, upper, lower], [], 3))).toEqual([
        [0, 1],
        [2, 3],
      ]);
    });

    it('counts no junction along the line found in many overlapping pieces', () => {
      const segments = [vertical(60, 250, 150), vertical(100, 280, 151), vertical(150, 310, 152), vertical(200, 340, 153)];
      expect(traceConnections(segments, [upper, lower], [], 3).map((c) => [c.source, c.target, c.junctions])).toEqual([[0, 1, 0]]);
    });
  });

  it('takes a pipe stopping short of a gap crossing, with a valve as far beyond, on into that valve', () => {
    // Pumps at both ends of the crossed pipe (y 100); a valve just above it, a flange below, the pipe between
    // them broken 6 px each side of the crossed pipe's middle.
    const [left, right] = [
      { x0: 0, y0: 80, x1: 19, y1: 120 },
      { x0: 301, y0: 80, x1: 320, y1: 120 },
    ];
    const valve = { x0: 150, y0: 60, x1: 170, y1: 93 };
    const flange = { x0: 145, y0: 160, x1: 175, y1: 164 };
    const segments = [horizontal(20, 300, 100), vertical(106, 159, 160)];
    expect(pairs(traceConnections(segments, [left, right, valve, flange], [], 3))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // Without the valve beyond, the same piece is a branch at a T: every pair of the three connects.
    expect(pairs(traceConnections(segments, [left, right, flange], [], 3))).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    // With a junction dot it is a junction, whatever lies beyond.
    const dot = { x0: 156, y0: 96, x1: 164, y1: 104 };
    expect(pairs(traceConnections(segments, [left, right, valve, flange], [dot], 3))).toContainEqual([0, 3]);
  });
  it('takes a dashed line found in two pieces side by side, one ending on a dashed line it crosses, for a crossing', () => {
    // Signal lines (unit 3): y 1056 from a bubble on the left to one on the right; x 2691 from a bubble above to one
    // below. A little askew, the vertical one is also found as a piece 5 px to its left that stops on the horizontal.
    const dashed = (segment: ReturnType<typeof horizontal>) => ({ ...segment, dashed: true });
    const [left, right] = [
      { x0: 2480, y0: 1030, x1: 2520, y1: 1080 },
      { x0: 2930, y0: 1030, x1: 2970, y1: 1080 },
    ];
    const [above, below] = [
      { x0: 2670, y0: 770, x1: 2710, y1: 816 },
      { x0: 2670, y0: 1593, x1: 2710, y1: 1640 },
    ];
    const segments = [horizontal(2524, 2927, 1056), vertical(820, 1589, 2691), vertical(826, 1060, 2686)].map(dashed);
    expect(pairs(traceConnections(segments, [left, right, above, below], [], 3))).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('gives a signal line left dangling to the bubble its last leg would run straight into, not a nearer valve aside', () => {
    // Unit 3 (a dashed reach of 18 px): a signal line y 200 from a bubble on the left stops at x 300, its last leg up
    // into a bubble 60 px above not found; a valve stands 26 px away, down and to the right, off both axes.
    const dashed = { ...horizontal(60, 300, 200), dashed: true };
    const start = { x0: 10, y0: 180, x1: 50, y1: 220 };
    const above = { x0: 280, y0: 100, x1: 320, y1: 140 };
    const valve = { x0: 325, y0: 205, x1: 355, y1: 225 };
    expect(pairs(traceConnections([dashed], [start, above, valve], [], 3))).toEqual([[0, 1]]);
    // Without a symbol straight from its end, the nearest a little further away still takes it.
    expect(pairs(traceConnections([dashed], [start, valve], [], 3))).toEqual([[0, 1]]);
  });

  it("gives a dangling signal end to the symbol its leg's ink runs to, past a nearer one across paper", () => {
    // Unit 3 (a dashed reach of 18 px): a signal line x 200 from a valve below stops at y 100, between two bubbles
    // beside its end: the left one 21 px away across paper, the right one 39 px away across one dash (x 204-230).
    const dashed = { ...vertical(100, 300, 200), dashed: true };
    const valve = { x0: 180, y0: 310, x1: 220, y1: 340 };
    const near = { x0: 140, y0: 70, x1: 179, y1: 130 };
    const far = { x0: 240, y0: 70, x1: 300, y1: 130 };
    const ink = inkWith(400, 400, [204, 99, 230, 101]);
    expect(pairs(traceConnections([dashed], [valve, near, far], [], 3, { ink }))).toEqual([[0, 2]]);
    // Without the page's ink, or with paper both ways, the nearer one takes it.
    expect(pairs(traceConnections([dashed], [valve, near, far], [], 3))).toEqual([[0, 1]]);
    expect(pairs(traceConnections([dashed], [valve, near, far], [], 3, { ink: inkWith(400, 400) }))).toEqual([[0, 1]]);
  });

  it("ends a signal line at its last dash, not at a bubble's top that the dash finder took for one more dash", () => {
    // Unit 3 (a dashed reach of 18 px): a signal line x 200 from the upper bubble down to y 100, where it bends left
    // into a valve; found running on to y 124, through 18 px of paper (its gaps between dashes are 5) into the top
    // of the lower bubble.
    const down = { ...vertical(41, 124, 200), dashed: true };
    const left = { ...horizontal(100, 200, 100), dashed: true };
    const [upper, lower, valve] = [
      { x0: 180, y0: 0, x1: 220, y1: 40 },
      { x0: 180, y0: 120, x1: 220, y1: 160 },
      { x0: 60, y0: 90, x1: 99, y1: 110 },
    ];
    const dashes: Array<[number, number, number, number]> = [];
    for (let y = 41; y <= 91; y += 15) dashes.push([199, y, 201, y + 9]);
    for (let x = 100; x <= 190; x += 15) dashes.push([x, 99, x + 9, 101]);
    const ink = inkWith(400, 400, ...dashes, [199, 96, 201, 101], [185, 120, 215, 123]);
    expect(pairs(traceConnections([down, left], [upper, lower, valve], [], 3, { ink }))).toEqual([[0, 2]]);
    // Without the page's ink, the line found reaches the lower bubble.
    expect(pairs(traceConnections([down, left], [upper, lower, valve], [], 3))).toContainEqual([0, 1]);
  });

  it('leaves no end dangling where a piece of the same signal line found twice stops and the other runs on', () => {
    // Unit 4 (a dashed reach of 22 px): a signal line x 1322 from a bubble below up past a crossing signal line
    // (y 1117, from a bubble on the right to a plate on a pipe) is also found as a piece stopping 12 px short of it.
    const dashed = (segment: ReturnType<typeof horizontal>) => ({ ...segment, dashed: true });
    const segments = [vertical(1995, 2249, 1322), vertical(1995, 2105, 1322), horizontal(1265, 1381, 2117)].map(dashed);
    const right = { x0: 1392, y0: 2061, x1: 1506, y1: 2176 };
    const below = { x0: 1266, y0: 2250, x1: 1380, y1: 2365 };
    const plate = { x0: 1205, y0: 2110, x1: 1262, y1: 2125 };
    expect(pairs(traceConnections(segments, [right, below, plate], [], 4))).toEqual([[0, 2]]);
  });

  it('takes no symbol beside a signal line at the end of a shorter piece of it found twice: the line runs on there', () => {
    // Unit 2 (a dashed reach of 14 px): a signal line x 1277 from a bubble above it (y ..327) down past the bubble it
    // ends beside (x ..1263, y 408..); found again as a piece stopping at y 396, beside a third bubble to its left
    // (x ..1268, y 358..390), within reach.
    const dashed = (segment: ReturnType<typeof vertical>) => ({ ...segment, dashed: true });
    const segments = [vertical(334, 417, 1277), vertical(337, 396, 1278)].map(dashed);
    const above = { x0: 1261, y0: 295, x1: 1292, y1: 327 };
    const below = { x0: 1230, y0: 408, x1: 1263, y1: 438 };
    const beside = { x0: 1236, y0: 358, x1: 1268, y1: 390 };
    expect(pairs(traceConnections(segments, [above, below, beside], [], 2))).toEqual([[0, 1]]);
  });

  it("takes no dashes found along a process line for a signal line: their end at the pipe's bend points at no symbol", () => {
    // Unit 2: a pipe from a flange (x ..765) along y 1290 bends up at x 814 and runs along y 1238 to a valve at x 970;
    // its first stretch is also found as dashes (x 779..814), whose end at the bend points at a valve 23 px on.
    const flange = { x0: 759, y0: 1277, x1: 765, y1: 1300 };
    const far = { x0: 970, y0: 1206, x1: 1004, y1: 1249 };
    const near = { x0: 837, y0: 1252, x1: 882, y1: 1291 };
    const segments = [horizontal(766, 814, 1290), vertical(1238, 1290, 814), horizontal(813, 969, 1238)];
    const dashes = { ...horizontal(779, 814, 1290), dashed: true };
    expect(pairs(traceConnections([...segments, dashes], [flange, far, near], [], 2))).toEqual([[0, 1]]);
  });

  describe('open ends', () => {
    // A valve on a pipe y 100 (unit 3, open ends 45 px from the last joint): the pipe runs on 300 px to the right
    // and stops in the open; at x 250 a branch goes down 120 px and stops too.
    const valve = { x0: 60, y0: 90, x1: 80, y1: 110 };
    const pump = { x0: 0, y0: 85, x1: 19, y1: 115 };
    const trace = (segments: ReturnType<typeof horizontal>[], symbols = [pump, valve]) => {
      const openEnds: Array<[number, number]> = [];
      const connections = traceConnections(segments, symbols, [], 3, { openEndLength: 45, openEnds });
      return { connections, openEnds };
    };

    it('connects each end of a process line in the open to the nearest symbol along it, the path from the symbol', () => {
      const { connections, openEnds } = trace([horizontal(20, 59, 100), horizontal(81, 380, 100), vertical(100, 220, 250)]);
      expect(openEnds).toEqual([
        [380, 100],
        [250, 220],
      ]);
      expect(pairs(connections)).toEqual([
        [0, 1],
        [1, 2],
        [1, 3],
      ]);
      const branch = connections.find((c) => c.target === 3)!;
      expect(branch.path[0].start).toEqual([81, 100]);
      expect(branch.path.at(-1)!.end).toEqual([250, 220]);
    });

    it('ends a pipe found with a thin piece of its edge beside it in the open all the same', () => {
      const edge = { ...horizontal(150, 381, 98), lo: 97, hi: 97 };
      expect(trace([horizontal(20, 59, 100), horizontal(81, 380, 100), edge]).openEnds).toEqual([[380, 100]]);
    });

    it('takes no end for one beside another line, a short run past the last joint or a dashed line', () => {
      const dashed = { ...horizontal(81, 380, 100), dashed: true };
      // The pipe is drawn broken where it crosses a line x 302 (and runs on to x 380): no end at the crossing.
      const crossed = trace([horizontal(20, 59, 100), horizontal(81, 296, 100), vertical(0, 400, 302), horizontal(308, 380, 100)]);
      expect(crossed.openEnds).toEqual([]);
      expect(pairs(crossed.connections)).toEqual([[0, 1]]);
      // A branch that overshoots its bend by 30 px.
      expect(trace([horizontal(20, 59, 100), horizontal(81, 280, 100), vertical(100, 200, 250)]).openEnds).toEqual([[250, 200]]);
      expect(trace([horizontal(20, 59, 100), dashed]).openEnds).toEqual([]);
      // Without the option no open end is traced.
      expect(traceConnections([horizontal(20, 59, 100), horizontal(81, 380, 100)], [pump, valve], [], 3)).toHaveLength(1);
    });
  });
});
