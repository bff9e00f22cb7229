import { describe, expect, it } from '@jest/globals';
import { checkPath, MAX_PATH_SEGMENTS } from './path-segments';

describe('checkPath', () => {
  it('answers well-formed orthogonal segments, without unknown keys', () => {
    const path = [
      { orientation: 'horizontal', start: [0, 5], end: [40, 5], colour: 'red' },
      { orientation: 'vertical', start: [40, 5], end: [40, -3.5] },
      { orientation: 'vertical', start: [40, -3.5], end: [40, -3.5] },
    ];
    expect(checkPath(path)).toEqual([
      { orientation: 'horizontal', start: [0, 5], end: [40, 5] },
      { orientation: 'vertical', start: [40, 5], end: [40, -3.5] },
      { orientation: 'vertical', start: [40, -3.5], end: [40, -3.5] },
    ]);
    expect(checkPath([])).toEqual([]);
  });

  it('tolerates floating-point noise but not a slanted segment', () => {
    expect(checkPath([{ orientation: 'horizontal', start: [0, 0.1 + 0.2], end: [9, 0.3] }])).toHaveLength(1);
    expect(checkPath([{ orientation: 'horizontal', start: [0, 0], end: [9, 0.001] }])).toBe(
      'metadata.path_data.path[0] is horizontal, so its start and end must have the same y',
    );
  });

  it.each([
    [{ orientation: 'horizontal', start: [0, 0], end: [1, Number.POSITIVE_INFINITY] }],
    [{ orientation: 'horizontal', start: [0, Number.NaN], end: [1, 0] }],
    [{ orientation: 'horizontal', start: ['0', 0], end: [1, 0] }],
    [{ orientation: 'horizontal', start: [0, 0] }],
    [{ orientation: 'up', start: [0, 0], end: [0, 1] }],
    [null],
    [[0, 0, 1, 0]],
  ])('names the malformed segment %j', (segment) => {
    expect(checkPath([{ orientation: 'vertical', start: [0, 0], end: [0, 1] }, segment])).toBe(
      'metadata.path_data.path[1] must have an orientation (horizontal or vertical) and start and end points [x, y] of finite numbers',
    );
  });

  it('refuses what is not a list, and too many segments', () => {
    expect(checkPath({ path: [] })).toBe('metadata.path_data.path must be a list of segments');
    const segment = { orientation: 'vertical', start: [0, 0], end: [0, 1] };
    expect(checkPath(Array.from({ length: MAX_PATH_SEGMENTS }, () => segment))).toHaveLength(MAX_PATH_SEGMENTS);
    expect(checkPath(Array.from({ length: MAX_PATH_SEGMENTS + 1 }, () => segment))).toBe(
      `metadata.path_data.path may have at most ${MAX_PATH_SEGMENTS} segments`,
    );
  });
});
