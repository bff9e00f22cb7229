/** The instrument bubbles the generator draws (field, panel, DCS, PLC, interlock). */
import { signal, UPRIGHT, thin, variant, type PortDefinition, type SymbolVariant, type SymbolClass } from './symbol-class-parts';
import { arc, circle, line, polygon, rect, type Primitive } from './symbol-primitives';

/** Bubble radius in grid units; the tag letters and loop number sit inside. */
export const BUBBLE_RADIUS = 1.8;
const R = BUBBLE_RADIUS;
const bubblePorts = (r: number): PortDefinition[] => [
  signal('top', 0, -r, 0, -1),
  signal('bottom', 0, r, 0, 1),
  signal('left', -r, 0, -1, 0),
  signal('right', r, 0, 1, 0),
];
const instrument = (className: string, variants: SymbolVariant[]): SymbolClass => ({
  className,
  elementType: 'instrument',
  placement: 'instrument',
  quarterTurns: UPRIGHT,
  variants,
});
const diamond = (r: number): Primitive =>
  polygon([
    [0, -r],
    [r, 0],
    [0, r],
    [-r, 0],
  ]);

/** IEC 62424's oval: a stadium `2·OVAL_HALF_WIDTH` wide and `2·OVAL_HALF_HEIGHT` high (DEXPI exports draw it). */
const OVAL_HALF_HEIGHT = 0.8 * R;
const OVAL_HALF_WIDTH = 2 * OVAL_HALF_HEIGHT;
const stadium = (): Primitive[] => {
  const [straight, r] = [OVAL_HALF_WIDTH - OVAL_HALF_HEIGHT, OVAL_HALF_HEIGHT];
  return [
    line(-straight, -r, straight, -r),
    line(-straight, r, straight, r),
    arc(-straight, 0, r, r, 90, 270),
    arc(straight, 0, r, r, -90, 90),
  ];
};
const ovalPorts: PortDefinition[] = [
  signal('top', 0, -OVAL_HALF_HEIGHT, 0, -1),
  signal('bottom', 0, OVAL_HALF_HEIGHT, 0, 1),
  signal('left', -OVAL_HALF_WIDTH, 0, -1, 0),
  signal('right', OVAL_HALF_WIDTH, 0, 1, 0),
];

const instruments: SymbolClass[] = [
  instrument('field_instrument', [
    variant('circle', [circle(0, 0, R)], bubblePorts(R)),
    variant('circle-thin', [circle(0, 0, R, thin)], bubblePorts(R)),
    variant('oval', stadium(), ovalPorts),
  ]),
  instrument('panel_instrument', [
    variant('bar', [circle(0, 0, R), line(-R, 0, R, 0)], bubblePorts(R)),
    variant(
      'double-bar',
      [circle(0, 0, R), line(-R + 0.02, -0.12, R - 0.02, -0.12, thin), line(-R + 0.02, 0.12, R - 0.02, 0.12, thin)],
      bubblePorts(R),
    ),
    variant('oval-bar', [...stadium(), line(-OVAL_HALF_WIDTH, 0, OVAL_HALF_WIDTH, 0)], ovalPorts),
    // ISA-5.1: behind the panel, not normally accessible to the operator.
    variant('dashed-bar', [circle(0, 0, R), line(-R, 0, R, 0, { dashed: true })], bubblePorts(R)),
  ]),
  instrument('dcs_instrument', [
    variant('circle-in-square', [rect(-R, -R, 2 * R, 2 * R), circle(0, 0, R), line(-R, 0, R, 0)], bubblePorts(R)),
    variant('circle-in-square-plain', [rect(-R, -R, 2 * R, 2 * R, thin), circle(0, 0, R)], bubblePorts(R)),
  ]),
  instrument('plc_instrument', [
    variant('diamond-in-square', [rect(-R, -R, 2 * R, 2 * R), diamond(R), line(-R, 0, R, 0)], bubblePorts(R)),
    variant('diamond-in-square-plain', [rect(-R, -R, 2 * R, 2 * R, thin), diamond(R)], bubblePorts(R)),
    // ISA-5.1's interlock logic: the diamond alone.
    variant('interlock-diamond', [diamond(R)], bubblePorts(R)),
  ]),
];

export const INSTRUMENT_CLASSES: readonly SymbolClass[] = instruments;
