/**
 * Marks a sheet draws that are no symbol, for the classifier's negatives: flow arrows, dimension and elevation
 * marks (arrows pointing at a line from both sides), strokes meeting at an angle (diagonal pipes, leaders, a
 * tundish's two arms), leaders ending in an arrow, arrows pointing at a line (a note's or a spec break's) and
 * insulation or tracing marks on a pipe.
 * Generated sheets draw few of them, real sheets many; a classifier that has never seen one calls it whatever
 * symbol it looks most like.
 */
import type { PixelBox } from '../benchmark/ground-truth';
import type { PdfCanvas } from '../synthetic';
import { boundsOf, type Point } from '../synthetic/geometry';
import type { Prng } from '../synthetic/prng';

export const CLUTTER_KINDS = ['flow-arrow', 'dimension', 'angle', 'leader', 'pointer', 'insulation'] as const;
export type ClutterKind = (typeof CLUTTER_KINDS)[number];

/** A mark of `kind` at `center`, turned by a random angle; answers the box a candidate would have around it. */
export function drawClutterMark(canvas: PdfCanvas, kind: ClutterKind, center: Point, unit: number, width: number, rng: Prng): PixelBox {
  const turn = rng.range(0, 2 * Math.PI);
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const at = ([x, y]: Point): Point => [center[0] + (x * cos - y * sin) * unit, center[1] + (x * sin + y * cos) * unit];
  const drawn: Point[] = [];
  const stroke = (points: Point[], options: { fill?: boolean; closed?: boolean; counted?: boolean } = {}) => {
    const placed = points.map(at);
    canvas.path(placed, { width, fill: options.fill, closed: options.closed });
    if (options.counted !== false) drawn.push(...placed);
  };
  // An arrowhead with its tip at `tip`, pointing along +x turned by `angle`.
  const arrowhead = (tip: Point, angle: number, filled: boolean) => {
    const length = rng.range(0.35, 0.7);
    const half = length * rng.range(0.25, 0.45);
    const back = (side: number): Point => [
      tip[0] - length * Math.cos(angle) - side * half * Math.sin(angle),
      tip[1] - length * Math.sin(angle) + side * half * Math.cos(angle),
    ];
    if (filled) stroke([back(-1), tip, back(1)], { fill: true, closed: true });
    else stroke([back(-1), tip, back(1)]);
  };
  // The pipe or line a mark sits on runs on beyond the candidate: drawn, but left out of its box.
  const lineThrough = () => {
    const reach = rng.range(1.5, 3);
    stroke(
      [
        [-reach, 0],
        [reach, 0],
      ],
      { counted: false },
    );
  };
  switch (kind) {
    case 'flow-arrow': {
      // The pipe, and an arrowhead on it: only the arrowhead's stretch counts.
      lineThrough();
      arrowhead([rng.range(-0.5, 0.5), 0], 0, rng.chance(0.7));
      break;
    }
    case 'dimension': {
      const half = rng.range(0.8, 1.6);
      stroke([
        [-half, 0],
        [half, 0],
      ]);
      const x = rng.range(-half / 2, half / 2);
      const length = rng.range(0.6, 1.2);
      for (const side of [-1, 1]) {
        stroke([
          [x, side * length],
          [x, 0],
        ]);
        arrowhead([x, 0], side > 0 ? -Math.PI / 2 : Math.PI / 2, rng.chance(0.5));
      }
      break;
    }
    case 'angle': {
      const arms = rng.int(2, 3);
      const spread = rng.range(0.5, 1.4);
      for (let i = 0; i < arms; i++) {
        const angle = -Math.PI / 2 + (i - (arms - 1) / 2) * spread;
        const length = rng.range(0.8, 1.6);
        stroke([
          [0, 0],
          [length * Math.cos(angle), length * Math.sin(angle)],
        ]);
      }
      if (rng.chance(0.6))
        stroke([
          [0, 0],
          [0, rng.range(0.5, 1.5)],
        ]);
      break;
    }
    case 'leader': {
      const bend: Point = [rng.range(0.6, 1.4), rng.range(-1.2, -0.5)];
      stroke([[0, 0], bend, [bend[0] + rng.range(0.6, 1.4), bend[1]]]);
      arrowhead([0, 0], Math.atan2(-bend[1], -bend[0]), rng.chance(0.5));
      break;
    }
    case 'pointer': {
      // The line it points at, and the arrow: only its stretch under the arrow counts.
      lineThrough();
      stroke([
        [0, 0],
        [0, -rng.range(0.8, 2)],
      ]);
      arrowhead([0, 0], Math.PI / 2, rng.chance(0.7));
      break;
    }
    case 'insulation': {
      // Lines along the pipe either side of it, hatched between (DEXPI's insulation mark).
      lineThrough();
      const [half, off] = [rng.range(0.5, 1.2), rng.range(0.12, 0.3)];
      for (const side of [-1, 1])
        stroke([
          [-half, side * off],
          [half, side * off],
        ]);
      const hatches = rng.int(3, 5);
      const slant = off * rng.range(0.5, 1.2);
      for (let i = 0; i < hatches; i++) {
        const x = -half + ((i + 0.5) * 2 * half) / hatches;
        stroke([
          [x - slant, off],
          [x + slant, -off],
        ]);
      }
      break;
    }
  }
  return boundsOf(drawn, width / 2);
}
