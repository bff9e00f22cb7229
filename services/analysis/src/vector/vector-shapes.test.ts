import type { PdfPath } from '@pid/platform/imaging';
import { describe, expect, it } from '@jest/globals';
import { vectorShapes } from './vector-shapes';

type Point = [number, number];
const identity = (point: Point) => point;
const OPTIONS = { pipeFrom: 50, maxSize: 160, minSize: 16, joinGap: 5 };

const stroke = (points: Point[], lineWidth = 3, closed = false, dashed = false): PdfPath => ({
  subpaths: [{ points, closed }],
  stroked: true,
  filled: false,
  lineWidth,
  dashed,
});
/** A straight stroke from a to b in the pen given (symbols draw in 3, pipes in 4.5). */
const segment = (a: Point, b: Point, pen = 3) => stroke([a, b], pen);
/** A closed triangle in the symbols' pen. */
const triangle = (...corners: Point[]) => stroke(corners, 3, true);
/** A gate valve centred at (x, y) on a horizontal pipe: two closed triangles meeting at the centre. */
const bowtie = (x: number, y: number): PdfPath[] => [
  stroke(
    [
      [x - 18, y - 11],
      [x, y],
      [x - 18, y + 11],
    ],
    3,
    true,
  ),
  stroke(
    [
      [x + 18, y - 11],
      [x, y],
      [x + 18, y + 11],
    ],
    3,
    true,
  ),
];

/** A compressor's casing from x 100 to 160, top at `y`: a trapezoid narrowing to the right, its top edge slanted. */
const compressorCasing = (y: number) =>
  stroke(
    [
      [100, y],
      [160, y + 20],
      [160, y + 60],
      [100, y + 80],
    ],
    3,
    true,
  );

describe('vectorShapes', () => {
  it('takes a valve outlined by one open path that comes back to its start for a symbol, long as that path is', () => {
    // A bow tie on a vertical pipe drawn corner to corner in one stroke, 84 px of it: past `pipeFrom`, no pipe.
    const outline = stroke([
      [190, 82],
      [210, 118],
      [190, 118],
      [210, 82],
      [190, 82],
    ]);
    const { shapes } = vectorShapes([segment([200, 0], [200, 82], 4.5), outline, segment([200, 118], [200, 300], 4.5)], identity, OPTIONS);
    expect(shapes).toEqual([{ x0: 188, y0: 80, x1: 212, y1: 120 }]);
    // Ending 1.5 px short of its start (a tenth of its 20 px width is 2): an outline still.
    const shortOfStart = stroke([
      [190, 82],
      [210, 118],
      [190, 118],
      [210, 82],
      [191.5, 82],
    ]);
    const again = vectorShapes([segment([200, 0], [200, 82], 4.5), shortOfStart, segment([200, 118], [200, 300], 4.5)], identity, OPTIONS);
    expect(again.shapes).toEqual([{ x0: 188, y0: 80, x1: 212, y1: 120 }]);
  });

  it('groups a valve drawn in several paths into one box, and leaves the pipe through it out', () => {
    const { shapes } = vectorShapes(
      [segment([0, 100], [182, 100], 4.5), ...bowtie(200, 100), segment([218, 100], [400, 100], 4.5)],
      identity,
      OPTIONS,
    );
    expect(shapes).toHaveLength(1);
    const [valve] = shapes;
    expect(valve.x0).toBeGreaterThanOrEqual(180);
    expect(valve.x1).toBeLessThanOrEqual(220);
    expect(valve.y1 - valve.y0).toBeLessThan(30);
  });

  it("keeps two symbols apart when a stub in the pipe's pen joins them", () => {
    // A valve, a 20 px stub, a flange of two bars, the pipe going on.
    const paths = [
      segment([0, 100], [182, 100], 4.5),
      ...bowtie(200, 100),
      segment([218, 100], [238, 100], 4.5),
      segment([238, 88], [238, 112]),
      segment([244, 88], [244, 112]),
      segment([244, 100], [400, 100], 4.5),
    ];
    const { shapes } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes.map((s) => [s.x0 < 230, s.x1 > 230])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it("keeps a drain leg leaving a pipe's side out of the valve at its end, and returns it to trace the branch", () => {
    // A horizontal header, a 20 px leg down from its side, a valve turned upright.
    const valve = bowtie(0, 0).map((path) => ({
      ...path,
      subpaths: path.subpaths.map((sub) => ({ ...sub, points: sub.points.map(([x, y]): Point => [200 + y, 138 + x]) })),
    }));
    const paths = [segment([0, 100], [400, 100], 4.5), segment([200, 100], [200, 120]), ...valve, segment([200, 156], [200, 170])];
    const { shapes, stubs } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(1);
    expect(shapes[0].y0).toBeGreaterThanOrEqual(118);
    expect(stubs).toEqual(expect.arrayContaining([expect.objectContaining({ y0: 98, y1: 122 })]));
    // With a junction dot drawn where the leg leaves: the dot is no symbol's body the leg would be a stem of.
    const dot: PdfPath = {
      subpaths: [
        {
          points: [0, 1, 2, 3, 4, 5, 6, 7].map((k): Point => [200 + 7 * Math.cos(k * 0.785), 100 + 7 * Math.sin(k * 0.785)]),
          closed: true,
        },
      ],
      stroked: false,
      filled: true,
      lineWidth: 0,
      dashed: false,
    };
    const dotted = vectorShapes([...paths, dot], identity, OPTIONS).shapes.filter((shape) => shape.y1 > 118);
    expect(dotted).toHaveLength(1);
    expect(dotted[0].y0).toBeGreaterThanOrEqual(118);
  });

  it('returns a stroke between the ports of two symbols, which joins neither, to trace their connection', () => {
    const paths = [...bowtie(200, 100), segment([218, 100], [262, 100]), ...bowtie(280, 100)];
    const { shapes, stubs } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(2);
    expect(stubs).toEqual([expect.objectContaining({ x0: 216, x1: 264 })]);
  });

  it("joins a compressor's driver through a shaft drawn finer than both, which a stub in the symbols' pen does not", () => {
    // The casing, narrowing to the right; the shaft from its middle to the driver's square.
    const casing = compressorCasing(80);
    const driver = stroke(
      [
        [180, 105],
        [210, 105],
        [210, 135],
        [180, 135],
      ],
      3,
      true,
    );
    const joined = vectorShapes([casing, segment([160, 120], [180, 120], 1.8), driver], identity, OPTIONS);
    expect(joined.shapes).toEqual([expect.objectContaining({ x0: 98, x1: 212 })]);
    expect(joined.stubs).toHaveLength(0);
    const apart = vectorShapes([casing, segment([160, 120], [180, 120]), driver], identity, OPTIONS);
    expect(apart.shapes).toHaveLength(2);
    expect(apart.stubs).toHaveLength(1);
  });

  it("takes a pipe's piece into a slanted outline as pipe where the pipe was broken to cross another", () => {
    // A pipe comes down, is broken where a horizontal pipe crosses at y 93, and goes on into the casing's
    // slanted top (inside the casing's box: it would read as a stem from the body).
    const casing = compressorCasing(100);
    const down = segment([130, 0], [130, 86], 4.5);
    const piece = segment([130, 100], [130, 140], 4.5);
    const across = segment([0, 93], [300, 93], 4.5);
    const broken = vectorShapes([down, across, piece, casing], identity, OPTIONS);
    expect(broken.shapes).toEqual([expect.objectContaining({ y0: 98, y1: 182 })]);
    // Nothing crosses the break: the piece is no pipe's.
    const [lone] = vectorShapes([down, piece, casing], identity, OPTIONS).shapes;
    expect(lone.y0).toBeLessThan(98);
  });

  it("joins a control valve's actuator to its body through the stem from the body's centre", () => {
    const paths = [
      segment([100, 0], [100, 182], 4.5),
      // The body on a vertical pipe, its stem from the centre to the right, the actuator there.
      stroke(
        [
          [89, 182],
          [100, 200],
          [111, 182],
        ],
        3,
        true,
      ),
      stroke(
        [
          [89, 218],
          [100, 200],
          [111, 218],
        ],
        3,
        true,
      ),
      segment([100, 200], [124, 200]),
      stroke([
        [124, 186],
        [132, 190],
        [136, 200],
        [132, 210],
        [124, 214],
      ]),
      segment([124, 186], [124, 214]),
      segment([100, 218], [100, 400], 4.5),
    ];
    const { shapes } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(1);
    expect(shapes[0].x0).toBeLessThanOrEqual(90);
    expect(shapes[0].x1).toBeGreaterThanOrEqual(136);
  });

  it("joins the actuator through its stem though a pipe in the stem's pen runs on its line, or the pipe runs on through the valve", () => {
    const actuator = (x: number) => [
      stroke(
        [
          [x - 11, 182],
          [x, 200],
          [x + 11, 182],
        ],
        3,
        true,
      ),
      stroke(
        [
          [x - 11, 218],
          [x, 200],
          [x + 11, 218],
        ],
        3,
        true,
      ),
      segment([x, 200], [x + 24, 200]),
      stroke([
        [x + 24, 186],
        [x + 32, 190],
        [x + 36, 200],
        [x + 32, 210],
        [x + 24, 214],
      ]),
      segment([x + 24, 186], [x + 24, 214]),
    ];
    const paths = [
      segment([100, 0], [100, 182], 4.5),
      ...actuator(100),
      segment([100, 218], [100, 400], 4.5),
      segment([170, 200], [400, 200]),
    ];
    const { shapes } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(1);
    expect(shapes[0].x0).toBeLessThanOrEqual(90);
    expect(shapes[0].x1).toBeGreaterThanOrEqual(136);
    // The pipe drawn on through the valve: the stem leaves the pipe's side, inside the body.
    const through = vectorShapes([segment([100, 0], [100, 400], 4.5), ...actuator(100)], identity, OPTIONS).shapes;
    expect(through).toHaveLength(1);
    expect(through[0].x1).toBeGreaterThanOrEqual(136);
  });

  it('takes bars side by side as a symbol (an orifice plate), but not a lone line or a dashed signal', () => {
    const paths = [
      segment([100, 0], [100, 195], 4.5),
      segment([87, 197], [113, 197]),
      segment([87, 203], [113, 203]),
      segment([100, 205], [100, 400], 4.5),
      segment([300, 50], [330, 50]),
      stroke(
        [
          [500, 0],
          [500, 40],
          [540, 40],
        ],
        2,
        false,
        true,
      ),
    ];
    const { shapes } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(1);
    expect(shapes[0].x0).toBeLessThanOrEqual(87);
    expect(shapes[0].y1 - shapes[0].y0).toBeLessThan(15);
  });

  it("keeps a safety valve's spring, a zigzag as long as a pipe, with its body", () => {
    // Body: two closed triangles meeting at (100, 100); the stem up from there, then the spring's zigzag.
    const paths = [
      segment([100, 200], [100, 112], 4.5),
      triangle([88, 112], [112, 112], [100, 100]),
      triangle([112, 88], [112, 112], [100, 100]),
      segment([100, 100], [100, 94]),
      stroke([
        [100, 94],
        [92, 90],
        [108, 84],
        [92, 78],
        [108, 72],
        [100, 68],
      ]),
    ];
    const { shapes } = vectorShapes(paths, identity, OPTIONS);
    expect(shapes).toHaveLength(1);
    expect(shapes[0].y0).toBeLessThanOrEqual(68);
    expect(shapes[0].y1).toBeGreaterThanOrEqual(112);
  });
});
