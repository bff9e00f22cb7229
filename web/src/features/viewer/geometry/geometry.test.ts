import { describe, expect, it } from '@jest/globals';
import { exceedsDragThreshold, moveBox } from './drag';
import { imageToScreen, scaleFor, screenToImage } from './mapping';
import { boxCenter, containsPoint, newElementBox } from './placement';
import { orthogonalRoute, segmentsToPath, snapOrthogonal } from './routing';
import { anchoredScroll, clampZoom, doubleClickZoom, pinchZoom, wheelZoom, zoomBy, zoomPercent } from './zoom';

describe('new element placement (spec §9)', () => {
  it('is 36 × 36 centred on the click', () => {
    expect(newElementBox({ x: 100, y: 50 })).toEqual({ x: 82, y: 32, width: 36, height: 36 });
    expect(boxCenter(newElementBox({ x: 100, y: 50 }))).toEqual({ x: 100, y: 50 });
  });
  it('hit-tests boxes', () => {
    expect(containsPoint({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 10 })).toBe(true);
    expect(containsPoint({ x: 0, y: 0, width: 10, height: 10 }, { x: 11, y: 5 })).toBe(false);
  });
});

describe('drag threshold', () => {
  it('starts a drag only after 5 px', () => {
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 3, y: 3 })).toBe(false);
    expect(exceedsDragThreshold({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(true);
    expect(exceedsDragThreshold({ x: 10, y: 10 }, { x: 10, y: 16 })).toBe(true);
  });
  it('moves a box by an image-space delta', () => {
    expect(moveBox({ x: 10, y: 20, width: 5, height: 6 }, { x: 4.6, y: -3 })).toEqual({ x: 15, y: 17, width: 5, height: 6 });
  });
});

describe('orthogonal routing', () => {
  it('routes each leg horizontally then vertically', () => {
    const route = orthogonalRoute({ x: 0, y: 0 }, [{ x: 10, y: 0 }], { x: 10, y: 20 });
    expect(route).toEqual([
      { orientation: 'horizontal', start: [0, 0], end: [10, 0] },
      { orientation: 'vertical', start: [10, 0], end: [10, 20] },
    ]);
    expect(route.every((segment) => segment.start[0] === segment.end[0] || segment.start[1] === segment.end[1])).toBe(true);
  });
  it('makes an L for a diagonal leg and drops zero-length legs', () => {
    expect(orthogonalRoute({ x: 0, y: 0 }, [], { x: 5, y: 5 })).toHaveLength(2);
    expect(orthogonalRoute({ x: 0, y: 0 }, [], { x: 0, y: 0 })).toEqual([]);
  });
  it('snaps a waypoint to the dominant axis and renders an SVG path', () => {
    expect(snapOrthogonal({ x: 0, y: 0 }, { x: 10, y: 3 })).toEqual({ x: 10, y: 0 });
    expect(snapOrthogonal({ x: 0, y: 0 }, { x: 2, y: 9 })).toEqual({ x: 0, y: 9 });
    expect(segmentsToPath([{ orientation: 'horizontal', start: [0, 1], end: [5, 1] }])).toBe('M 0 1 L 5 1');
  });
});

describe('zoom (spec §9)', () => {
  it('clamps to 0.5–5', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(9)).toBe(5);
    expect(zoomBy(1, 0.1)).toBe(1.1);
    expect(zoomBy(0.5, -0.1)).toBe(0.5);
    expect(zoomBy(5, 0.1)).toBe(5);
  });
  it('double-click steps 0.2, shift zooms out; wheel steps 0.1', () => {
    expect(doubleClickZoom(1, false)).toBe(1.2);
    expect(doubleClickZoom(1, true)).toBe(0.8);
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    expect(zoomPercent(1.2)).toBe('120%');
  });
});

describe('pinch zoom and zooming about a point', () => {
  it('scales the start zoom by the finger spread, clamped to 0.5–5', () => {
    expect(pinchZoom(1, 100, 150)).toBe(1.5);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 1000)).toBe(5);
    expect(pinchZoom(1, 100, 10)).toBe(0.5);
    expect(pinchZoom(1.3, 0, 50)).toBe(1.3);
  });
  it('keeps the content under the anchor in place', () => {
    // At zoom 1, content x 300 sits under an anchor 100 px into a box scrolled by 200.
    expect(anchoredScroll(200, 100, 1, 2)).toBe(500); // content x 600 at zoom 2, minus the anchor
    expect(anchoredScroll(0, 100, 2, 1)).toBe(0); // never negative
  });
});

describe('image ↔ screen mapping', () => {
  const image = { width: 2000, height: 1000 };
  const shown = { width: 1000, height: 500 };
  it('round-trips points', () => {
    expect(screenToImage({ x: 100, y: 50 }, image, shown)).toEqual({ x: 200, y: 100 });
    expect(imageToScreen({ x: 200, y: 100 }, image, shown)).toEqual({ x: 100, y: 50 });
    expect(scaleFor(image, 1000)).toBe(0.5);
  });
});
