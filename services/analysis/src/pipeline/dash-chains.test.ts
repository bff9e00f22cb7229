import { describe, expect, it } from 'vitest';
import type { Component } from './components';
import { findDashChains } from './dash-chains';

const bar = (x0: number, y0: number, x1: number, y1: number): Component => ({
  x0,
  y0,
  x1,
  y1,
  area: (x1 - x0 + 1) * (y1 - y0 + 1),
  meanRadius: 0,
  radiusDeviation: 0,
});

const blank = { mask: new Uint8Array(300 * 100), width: 300, height: 100 };

describe('findDashChains', () => {
  it('finds a dashed line whose pattern is broken where it meets a symbol (the pieces past it are not dashes)', () => {
    // Four dashes 14 px long with gaps of 9, then an actuator's strokes, close together, right after the last.
    const dashes = [100, 123, 146, 169].map((x) => bar(x, 50, x + 13, 51));
    const actuator = [bar(196, 49, 202, 52), bar(205, 49, 209, 52), bar(211, 49, 211, 52)];
    const { segments, dashes: found } = findDashChains([...dashes, ...actuator], 2, blank);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ orientation: 'horizontal', dashed: true });
    expect(segments[0].start).toBe(90);
    expect(dashes.every((d) => found.has(d))).toBe(true);
    // The line may reach the actuator's first stroke, not the strokes beyond it.
    expect(segments[0].end).toBeLessThanOrEqual(212);
    expect(found.has(actuator[1]) || found.has(actuator[2])).toBe(false);
  });

  it('finds no line in fewer than three dashes', () => {
    expect(findDashChains([bar(100, 50, 113, 51), bar(123, 50, 136, 51)], 2, blank).segments).toEqual([]);
  });
});
