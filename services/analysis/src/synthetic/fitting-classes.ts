/** The fittings and off-page connectors the generator draws. */
import type { Point } from './geometry';
import {
  port,
  signal,
  inlinePorts,
  INLINE_TURNS,
  UPRIGHT,
  thin,
  variant,
  inlineClass,
  type SymbolVariant,
  type SymbolClass,
} from './symbol-class-parts';
import { circle, line, polygon, polyline, rect } from './symbol-primitives';

const fittings: SymbolClass[] = [
  inlineClass('reducer', 'fitting', [
    variant(
      'concentric',
      [
        polygon([
          [-0.6, -0.6],
          [0.6, -0.35],
          [0.6, 0.35],
          [-0.6, 0.6],
        ]),
      ],
      inlinePorts(0.6),
    ),
    variant(
      'eccentric',
      [
        polygon([
          [-0.6, -0.6],
          [0.6, -0.6],
          [0.6, 0.1],
          [-0.6, 0.6],
        ]),
      ],
      inlinePorts(0.6),
    ),
    // A cone seen from the side, as DEXPI exports draw it: small, pointing along the pipe.
    variant(
      'triangle',
      [
        polygon([
          [-0.6, -0.4],
          [0.6, 0],
          [-0.6, 0.4],
        ]),
      ],
      inlinePorts(0.6),
    ),
  ]),
  {
    ...inlineClass('flange', 'fitting', [
      variant('pair', [line(-0.15, -0.6, -0.15, 0.6), line(0.15, -0.6, 0.15, 0.6)], inlinePorts(0.15)),
      variant('pair-tall', [line(-0.2, -0.8, -0.2, 0.8, { weight: 1.4 }), line(0.2, -0.8, 0.2, 0.8, { weight: 1.4 })], inlinePorts(0.2)),
    ]),
    joint: true,
  },
  {
    className: 'blind_flange',
    elementType: 'fitting',
    placement: 'terminal',
    quarterTurns: INLINE_TURNS,
    variants: [
      variant('plate', [line(0, -0.6, 0, 0.6), rect(0.15, -0.7, 0.3, 1.4, { fill: true })], [port('a', 0, 0, -1, 0, 'in')]),
      variant(
        'hatched',
        [line(0, -0.6, 0, 0.6), line(0.3, -0.7, 0.3, 0.7, { weight: 1.6 }), line(0.3, -0.3, 0.6, -0.6, thin), line(0.3, 0.3, 0.6, 0, thin)],
        [port('a', 0, 0, -1, 0, 'in')],
      ),
    ],
  },
  inlineClass('spectacle_blind', 'fitting', [
    variant('closed', [circle(0, 0, 0.35, { fill: true }), line(0, -0.35, 0, -0.75), circle(0, -1.1, 0.35)], inlinePorts(0.35)),
    variant('open', [circle(0, 0, 0.35), line(0, -0.35, 0, -0.75), circle(0, -1.1, 0.35, { fill: true })], inlinePorts(0.35)),
  ]),
  inlineClass('strainer', 'fitting', [
    // The pipe runs on through a Y-type: pipe ink (a lead), so its truth box holds the Y and the screen's cap.
    variant(
      'y-type',
      [
        line(-1, 0, 1, 0, { lead: true }),
        line(-0.4, 0, 0.3, 0.9),
        line(0.1, 0, 0.8, 0.9, { dashed: true, weight: 0.6 }),
        line(0.1, 1.05, 0.9, 0.75),
      ],
      inlinePorts(),
    ),
    variant('basket', [rect(-0.7, -0.5, 1.4, 1.4), rect(-0.4, -0.2, 0.8, 0.9, { dashed: true, weight: 0.6 })], inlinePorts(0.7)),
  ]),
  inlineClass('orifice_plate', 'fitting', [
    // The plate between two flanges, its taps' impulse line leaving from between them (drawn on to the
    // transmitter where one is placed): what tells it from a flange joint.
    variant(
      'plate-taps',
      [line(-0.15, -0.7, -0.15, 0.7), line(0.15, -0.7, 0.15, 0.7), line(0, -0.7, 0, -1, { weight: 0.8 })],
      [...inlinePorts(0.15), signal('taps', 0, -1, 0, -1)],
    ),
    variant(
      'venturi',
      [
        polyline([
          [-0.6, -0.5],
          [0, -0.2],
          [0.6, -0.5],
        ]),
        polyline([
          [-0.6, 0.5],
          [0, 0.2],
          [0.6, 0.5],
        ]),
        line(-0.6, -0.5, -0.6, 0.5),
        line(0.6, -0.5, 0.6, 0.5),
      ],
      [...inlinePorts(0.6), signal('taps', 0, -0.5, 0, -1)],
    ),
  ]),
];

/** The off-page connector's pentagon, pointing right; the chevron is the same outline notched at the back. */
const CONNECTOR_POINTS: Point[] = [
  [-2, -0.8],
  [1.2, -0.8],
  [2, 0],
  [1.2, 0.8],
  [-2, 0.8],
];

const offPageConnector: SymbolClass = {
  className: 'off_page_connector',
  elementType: 'off_page_connector',
  placement: 'connector',
  quarterTurns: UPRIGHT,
  variants: [
    variant('pentagon', [polygon(CONNECTOR_POINTS)], [port('left', -2, 0, -1, 0), port('right', 2, 0, 1, 0)]),
    // The pentagon with its back edge notched in to a point.
    variant('chevron', [polygon([...CONNECTOR_POINTS, [-1.2, 0]])], [port('left', -1.2, 0, -1, 0), port('right', 2, 0, 1, 0)]),
    variant(
      'block-arrow',
      [
        polygon([
          [-2, -0.6],
          [0.8, -0.6],
          [0.8, -1.1],
          [2, 0],
          [0.8, 1.1],
          [0.8, 0.6],
          [-2, 0.6],
        ]),
      ],
      [port('left', -2, 0, -1, 0), port('right', 2, 0, 1, 0)],
    ),
    // Drawn as a plain box, or pointed at both ends (a two-way connector).
    variant('box', [rect(-2, -0.8, 4, 1.6)], [port('left', -2, 0, -1, 0), port('right', 2, 0, 1, 0)]),
    variant(
      'two-way',
      [
        polygon([
          [-2, 0],
          [-1.2, -0.8],
          [1.2, -0.8],
          [2, 0],
          [1.2, 0.8],
          [-1.2, 0.8],
        ]),
      ],
      [port('left', -2, 0, -1, 0), port('right', 2, 0, 1, 0)],
    ),
  ],
};

/**
 * An off-page connector drawn as a box around its own words (`FROM 26-P-014`), as many CAD standards draw it: plain,
 * or pointed at its far end. `width` and `height` in symbol units, from the words' size. With `divider` (units from
 * the left side) the box is split into two cells, one word each (a line number, then the other sheet). `weight`: its
 * pen against the symbols' (below 1, finer).
 */
export function labelledConnector(width: number, height: number, pointed: boolean, divider?: number, weight = 1): SymbolVariant {
  const [x, y] = [width / 2, height / 2];
  const tip = Math.min(0.8, width / 4);
  const pen = weight === 1 ? {} : { weight };
  const outline = pointed
    ? polygon(
        [
          [-x, -y],
          [x - tip, -y],
          [x, 0],
          [x - tip, y],
          [-x, y],
        ],
        pen,
      )
    : rect(-x, -y, width, height, pen);
  const parts = divider === undefined ? [outline] : [outline, line(divider - x, -y, divider - x, y, pen)];
  const name = `${divider === undefined ? 'labelled' : 'celled'}-${pointed ? 'pointed' : 'box'}`;
  return variant(name, parts, [port('left', -x, 0, -1, 0), port('right', x, 0, 1, 0)]);
}

/**
 * A utility connection (a tie-in to another sheet's utility header) as many EPC sheets draw it: a box of two cells
 * stacked one over the other, a service code above a line number, at the end of a branch. `width` and `cellHeight`
 * in symbol units; its one port on the side `toward` (a unit vector) where the branch comes in.
 */
export function utilityConnection(width: number, cellHeight: number, toward: Point): SymbolVariant {
  const [x, y] = [width / 2, cellHeight];
  const at: Point = [toward[0] * x, toward[1] * y];
  return variant('utility-box', [rect(-x, -y, width, 2 * y), line(-x, 0, x, 0)], [port('a', at[0], at[1], toward[0], toward[1], 'in')]);
}

/** In the order of the class table: the fittings, then the off-page connector. */
export const FITTING_CLASSES: readonly SymbolClass[] = [...fittings, offPageConnector];
