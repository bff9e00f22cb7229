import { describe, expect, it } from '@jest/globals';
import { strokedBox } from './stroke-box';

describe('strokedBox', () => {
  it('pads a straight stroke by half its pen (round caps)', () => {
    expect(
      strokedBox([
        {
          points: [
            [10, 20],
            [50, 20],
          ],
          closed: false,
          width: 4,
        },
      ]),
    ).toEqual([8, 18, 52, 22]);
  });

  it("reaches a whole pen past a 60° point (the miter of a valve's tip), half a pen past a square corner", () => {
    const height = 20 * Math.sqrt(3);
    // An equilateral triangle pointing right: its tip at (height, 0), 60° there.
    const [, , x1] = strokedBox([
      {
        points: [
          [0, -20],
          [height, 0],
          [0, 20],
        ],
        closed: true,
        width: 4,
      },
    ]);
    expect(x1).toBeCloseTo(height + 4, 6);
    expect(
      strokedBox([
        {
          points: [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 10],
          ],
          closed: true,
          width: 4,
        },
      ]),
    ).toEqual([-2, -2, 12, 12]);
  });

  it('bevels a corner sharper than the miter limit, and grows every side by the bleed', () => {
    // A 4° spike: its miter would reach 28 pens out, past the limit of 10.
    const spike = strokedBox([
      {
        points: [
          [0, -1],
          [28.6, 0],
          [0, 1],
        ],
        closed: false,
        width: 2,
      },
    ]);
    expect(spike[2]).toBeCloseTo(29.6, 6);
    expect(
      strokedBox(
        [
          {
            points: [
              [10, 20],
              [50, 20],
            ],
            closed: false,
            width: 4,
          },
        ],
        3,
      ),
    ).toEqual([5, 15, 55, 25]);
  });

  it('takes the widest reach over strokes of different pens', () => {
    const box = strokedBox([
      {
        points: [
          [0, 0],
          [10, 0],
        ],
        closed: false,
        width: 2,
      },
      {
        points: [
          [5, -5],
          [5, 5],
        ],
        closed: false,
        width: 6,
      },
    ]);
    expect(box).toEqual([-1, -5 - 3, 11, 8]);
  });
});
