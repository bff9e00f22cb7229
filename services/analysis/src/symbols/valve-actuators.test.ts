import { describe, expect, it } from '@jest/globals';
import { boxOf } from '../pipeline/components';
import { inkWith } from '../testing/ink';
import { strokeSegment } from '../testing/segments';
import { boxedSymbol } from '../testing/symbols';
import { withActuators } from './valve-actuators';

type Rect = [number, number, number, number];
/** A horizontal pipe 2 px thick (y 99-100) across a 200 × 200 page, a valve's body on it (x 80-119, y 88-111). */
const pipe: Rect = [0, 99, 199, 100];
const body: Rect = [80, 88, 119, 111];
/** A motor on a stem above the body: the stem x 99-100 up to y 70, the motor's outline y 55-69. */
const stem: Rect = [99, 70, 100, 87];
const motor: Rect[] = [
  [90, 55, 109, 56],
  [90, 68, 109, 69],
  [90, 55, 91, 69],
  [108, 55, 109, 69],
];
const valve = () => boxedSymbol(...body, 'valve', 0.9);

describe("a valve's box grown over its actuator", () => {
  it('takes in the motor on its stem', () => {
    const ink = inkWith(200, 200, pipe, body, stem, ...motor);
    const [grown] = withActuators([valve()], ink, [], [], 2);
    expect(boxOf(grown)).toEqual({ x0: 80, y0: 55, x1: 119, y1: 111 });
  });

  it('takes in an actuator below the pipe, or on a vertical pipe beside it', () => {
    const below = inkWith(200, 200, pipe, body, [99, 112, 100, 129], [90, 130, 109, 144]);
    expect(boxOf(withActuators([valve()], below, [], [], 2)[0])).toEqual({ x0: 80, y0: 88, x1: 119, y1: 144 });
    // The same valve turned a quarter: pipe vertical, the stem leaving its right side.
    const turned = inkWith(200, 200, [99, 0, 100, 199], [88, 80, 111, 119], [112, 99, 129, 100], [130, 90, 144, 109]);
    const upright = boxedSymbol(88, 80, 111, 119, 'valve', 0.9);
    expect(boxOf(withActuators([upright], turned, [], [], 2)[0])).toEqual({ x0: 88, y0: 80, x1: 144, y1: 119 });
  });

  it('takes in the actuator of a valve bolted to another symbol, the pipe reaching one end only', () => {
    const ink = inkWith(200, 200, [0, 99, 79, 100], body, stem, ...motor);
    expect(boxOf(withActuators([valve()], ink, [], [], 2)[0])).toEqual({ x0: 80, y0: 55, x1: 119, y1: 111 });
  });

  it('leaves a valve at the end of a pipe found as a line, its stub up to a flange', () => {
    const ink = inkWith(200, 200, [0, 99, 79, 100], body, [99, 40, 100, 87], [85, 38, 114, 39]);
    expect(boxOf(withActuators([valve()], ink, [], [], 2)[0])).toEqual({ x0: 80, y0: 38, x1: 119, y1: 111 });
    const stub = strokeSegment('vertical', 40, 87, 99, 100);
    expect(withActuators([valve()], ink, [stub], [], 2)[0]).toEqual(valve());
  });

  it('leaves a valve whose stroke runs on (a solid line to elsewhere) or has no head (a leader)', () => {
    const runsOn = inkWith(200, 200, pipe, body, [99, 0, 100, 87]);
    expect(withActuators([valve()], runsOn, [], [], 2)[0]).toEqual(valve());
    const bare = inkWith(200, 200, pipe, body, [99, 60, 100, 87]);
    expect(withActuators([valve()], bare, [], [], 2)[0]).toEqual(valve());
    // A solid signal line up from the body that turns and runs off to the side: as wide as a head, but running on.
    const turning = inkWith(200, 200, pipe, body, [99, 60, 100, 87], [99, 60, 199, 61]);
    expect(withActuators([valve()], turning, [], [], 2)[0]).toEqual(valve());
  });

  it("leaves a valve whose actuator would be read past the page's edge", () => {
    // The body at the top of the page (y 10-33), a motor on its stem up to the page's first row.
    const ink = inkWith(200, 200, [0, 21, 199, 22], [80, 10, 119, 33], [99, 5, 100, 9], [90, 0, 109, 4]);
    const high = boxedSymbol(80, 10, 119, 33, 'valve', 0.9);
    expect(withActuators([high], ink, [], [], 2)[0]).toEqual(high);
  });

  it('leaves a valve where a pipe leaves it on both sides across as well (a tee), or none runs through it', () => {
    const tee = inkWith(200, 200, pipe, body, stem, ...motor, [99, 112, 100, 199]);
    expect(withActuators([valve()], tee, [], [], 2)[0]).toEqual(valve());
    const loose = inkWith(200, 200, body, stem, ...motor);
    expect(withActuators([valve()], loose, [], [], 2)[0]).toEqual(valve());
  });

  it('grows a fitting too (a valve the detector named `other_symbol`), but no instrument or equipment', () => {
    const ink = inkWith(200, 200, pipe, body, stem, ...motor);
    const fitting = boxedSymbol(...body, 'fitting', 0.9);
    expect(boxOf(withActuators([fitting], ink, [], [], 2)[0])).toEqual({ x0: 80, y0: 55, x1: 119, y1: 111 });
    for (const type of ['instrument', 'equipment'] as const) {
      const other = boxedSymbol(...body, type, 0.9);
      expect(withActuators([other], ink, [], [], 2)[0]).toEqual(other);
    }
  });

  it('leaves a head that is another symbol found, or text', () => {
    const ink = inkWith(200, 200, pipe, body, stem, ...motor);
    const bubble = boxedSymbol(90, 55, 109, 69, 'instrument', 0.9);
    expect(withActuators([valve(), bubble], ink, [], [], 2)[0]).toEqual(valve());
    // A label touching the stroke: its text line covers the head.
    expect(withActuators([valve()], ink, [], [{ x0: 88, y0: 54, x1: 111, y1: 70 }], 2)[0]).toEqual(valve());
  });
});
