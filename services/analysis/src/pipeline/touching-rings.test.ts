import { describe, expect, it } from '@jest/globals';
import { inkWith } from '../testing/ink';
import { outsideRings, ringComponent, ringsIn } from './touching-rings';

/** A mask with circles of the given centres and radii drawn 3 px wide (inside the radius). */
function circles(width: number, height: number, ...rings: Array<[number, number, number]>) {
  const ink = inkWith(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (rings.some(([cx, cy, r]) => Math.hypot(x - cx, y - cy) <= r && Math.hypot(x - cx, y - cy) > r - 3)) ink.mask[y * width + x] = 1;
  return ink;
}

describe('ringsIn', () => {
  it('finds two bubbles drawn touching, diagonally, a leader stuck to one, and leaves the leader over', () => {
    const ink = circles(260, 240, [60, 140, 50], [150, 65, 50]);
    // The leader: from the lower bubble's rim (x 91, y 176) down to the right.
    for (let k = -4; k < 40; k++) ink.mask[(180 + k) * 260 + 95 + k] = 1;
    const blob = { x0: 10, y0: 15, x1: 200, y1: 219 };
    const rings = ringsIn(blob, ink, 1.5, 4, 70);
    expect(rings).toHaveLength(2);
    const near = (cx: number, cy: number, r: number) =>
      rings.some((ring) => Math.hypot(ring.cx - cx, ring.cy - cy) <= 2 && Math.abs(ring.r - r) <= 3);
    expect(near(60, 140, 48.5) && near(150, 65, 48.5)).toBe(true);
    const bubble = ringComponent(rings[0], ink, 1.5)!;
    expect(bubble.radiusDeviation / bubble.meanRadius).toBeLessThan(0.15);
    const [leader, ...more] = outsideRings(blob, rings, ink, 1.5, 6);
    expect(more).toEqual([]);
    // Outside the disc: more than 51 px (the radius, a stroke and a pixel) from the centre.
    expect(leader).toMatchObject({ x1: 134, y1: 219 });
    expect(Math.hypot(leader.x0 - 60, leader.y0 - 140)).toBeGreaterThan(51);
    // Another blob's ink in the box, not joined to the rings, is not a leader; a second leader is one of its own.
    for (let y = 20; y <= 30; y++) ink.mask[y * 260 + 20] = 1;
    for (let y = 65; y <= 100; y++) ink.mask[y * 260 + 199] = 1;
    const leaders = outsideRings(blob, rings, ink, 1.5, 6);
    expect(leaders.map((l) => [l.x1, l.y1])).toEqual(
      expect.arrayContaining([
        [134, 219],
        [199, 100],
      ]),
    );
    expect(leaders).toHaveLength(2);
  });

  it('finds one circle with a letter O inside it as one; none in two circles drawn through each other (an exchanger)', () => {
    const bubble = circles(130, 130, [60, 60, 50], [45, 60, 8]);
    const [ring, ...more] = ringsIn({ x0: 10, y0: 10, x1: 110, y1: 110 }, bubble, 1.5, 4, 70);
    expect(more).toEqual([]);
    // The stroke's middle, 47..50 px out.
    expect(ring.r).toBeGreaterThanOrEqual(47);
    expect(ring.r).toBeLessThanOrEqual(50);
    const exchanger = circles(220, 130, [60, 60, 50], [110, 60, 50]);
    expect(ringsIn({ x0: 10, y0: 10, x1: 160, y1: 110 }, exchanger, 1.5, 4, 70)).toEqual([]);
  });
});
