/** The equipment the generator draws: pumps, compressors, vessels, tanks, columns, exchangers, coolers, filters. */
import { port, signal, UPRIGHT, thin, variant, type PortDefinition, type SymbolVariant, type SymbolClass } from './symbol-class-parts';
import { arc, circle, ellipse, line, polygon, polyline, rect, type Primitive } from './symbol-primitives';

const equipmentClass = (className: string, variants: SymbolVariant[]): SymbolClass => ({
  className,
  elementType: 'equipment',
  placement: 'equipment',
  quarterTurns: UPRIGHT,
  variants,
});

const pumpBase: Primitive[] = [line(-1.4, 1.4, -2, 2.6), line(1.4, 1.4, 2, 2.6), line(-2.6, 2.6, 2.6, 2.6)];
const centrifugalPump = equipmentClass('centrifugal_pump', [
  variant(
    'tangential-discharge-base',
    [circle(0, 0, 2), line(0, -2, 3, -2), ...pumpBase],
    [port('suction', -2, 0, -1, 0, 'in'), port('discharge', 3, -2, 1, 0, 'out')],
  ),
  variant(
    'top-discharge',
    [circle(0, 0, 2), line(-0.6, -1.9, -0.6, -2.6), line(0.6, -1.9, 0.6, -2.6), line(-0.6, -2.6, 0.6, -2.6)],
    [port('suction', -2, 0, -1, 0, 'in'), port('discharge', 0, -2.6, 0, -1, 'out')],
  ),
  variant(
    'tangential-discharge-skid',
    [circle(0, 0, 2), line(0, -2, 3, -2), rect(-2.8, 2.2, 5.6, 0.6)],
    [port('suction', -2, 0, -1, 0, 'in'), port('discharge', 3, -2, 1, 0, 'out')],
  ),
]);

const positiveDisplacementPump = equipmentClass('positive_displacement_pump', [
  variant(
    'lobes',
    [circle(0, 0, 2), circle(-0.7, 0, 0.7), circle(0.7, 0, 0.7), ...pumpBase],
    [port('suction', -2, 0, -1, 0, 'in'), port('discharge', 2, 0, 1, 0, 'out')],
  ),
  variant(
    'reciprocating',
    [rect(-2.5, -1.5, 5, 3), circle(0, 0, 1), line(-1, 0, 1, 0, thin), rect(-3, 1.5, 6, 0.5)],
    [port('suction', -2.5, 0, -1, 0, 'in'), port('discharge', 2.5, 0, 1, 0, 'out')],
  ),
]);

const compressor = equipmentClass('compressor', [
  variant(
    'trapezoid',
    [
      polygon([
        [-2, -2.5],
        [2, -1.2],
        [2, 1.2],
        [-2, 2.5],
      ]),
      line(2, 0, 3.5, 0, thin),
      rect(3.5, -1, 2, 2),
    ],
    [port('suction', -2, 0, -1, 0, 'in'), port('discharge', 0, -1.85, 0, -1, 'out')],
  ),
  variant(
    'circle',
    [circle(0, 0, 2.5), line(-1.8, -1.7, 2.3, -1), line(-1.8, 1.7, 2.3, 1)],
    [port('suction', -2.5, 0, -1, 0, 'in'), port('discharge', 2.5, 0, 1, 0, 'out')],
  ),
]);

/** A vertical shell with semi-elliptical heads, `hw` half-width and `hh` half-height of the straight part. */
const verticalShell = (hw: number, hh: number, head: number): Primitive[] => [
  polyline([
    [-hw, -hh],
    [-hw, hh],
  ]),
  polyline([
    [hw, -hh],
    [hw, hh],
  ]),
  arc(0, -hh, hw, head, 180, 360),
  arc(0, hh, hw, head, 0, 180),
];

/**
 * A vertical vessel's nozzles on a shell `hw` half-wide, the top and bottom ones `end` from the middle; the side
 * nozzle and the right level tap stand at `sideY` and `levelRightY`.
 */
const verticalVesselPorts = (hw: number, end: number, sideY: number, levelRightY: number): PortDefinition[] => [
  port('top', 0, -end, 0, -1, 'out'),
  port('bottom', 0, end, 0, 1, 'out'),
  port('inlet', -hw, -2, -1, 0, 'in'),
  port('side', hw, sideY, 1, 0),
  port('lower-left', -hw, 3, -1, 0, 'in'),
  signal('level-left', -hw, 1, -1, 0),
  signal('level-right', hw, levelRightY, 1, 0),
];

const verticalVessel = equipmentClass('vertical_vessel', [
  variant(
    'legs',
    [...verticalShell(2.5, 4, 1.2), line(-2, 4.7, -2, 6.5), line(2, 4.7, 2, 6.5), line(-2.6, 6.5, -1.4, 6.5), line(1.4, 6.5, 2.6, 6.5)],
    verticalVesselPorts(2.5, 5.2, -2, 1),
  ),
  variant(
    'skirt-demister',
    [
      ...verticalShell(2, 5, 1),
      line(-1.6, 5.6, -2, 7),
      line(1.6, 5.6, 2, 7),
      line(-2.4, 7, 2.4, 7),
      rect(-2, -4, 4, 0.6, thin),
      line(-2, -4, 2, -3.4, thin),
      line(-2, -3.4, 2, -4, thin),
    ],
    verticalVesselPorts(2, 6, -1, 2),
  ),
]);

/** A horizontal shell with heads, `hw` half-length of the straight part and `hh` half-height. */
const horizontalShell = (hw: number, hh: number, head: number): Primitive[] => [
  line(-hw, -hh, hw, -hh),
  line(-hw, hh, hw, hh),
  arc(-hw, 0, head, hh, 90, 270),
  arc(hw, 0, head, hh, -90, 90),
];

const saddle = (x: number): Primitive =>
  polygon([
    [x - 0.4, 2],
    [x + 0.4, 2],
    [x + 0.7, 2.9],
    [x - 0.7, 2.9],
  ]);

const horizontalVessel = equipmentClass('horizontal_vessel', [
  variant(
    'saddles',
    [...horizontalShell(5, 2, 1.2), saddle(-4), saddle(4)],
    [
      port('inlet', -3, -2, 0, -1, 'in'),
      port('vapour', 3, -2, 0, -1, 'out'),
      port('liquid', 2, 2, 0, 1, 'out'),
      port('end-left', -6.2, 0, -1, 0, 'in'),
      port('end-right', 6.2, 0, 1, 0, 'out'),
      signal('level-top', 0, -2, 0, -1),
      signal('level-bottom', -1, 2, 0, 1),
    ],
  ),
  variant(
    'boot',
    [
      ...horizontalShell(5, 2, 1.2),
      polyline([
        [2.2, 2],
        [2.2, 3.6],
        [3.8, 3.6],
        [3.8, 2],
      ]),
    ],
    [
      port('inlet', -3, -2, 0, -1, 'in'),
      port('vapour', 3, -2, 0, -1, 'out'),
      port('liquid', 3, 3.6, 0, 1, 'out'),
      port('end-left', -6.2, 0, -1, 0, 'in'),
      port('drain', -2, 2, 0, 1, 'out'),
      signal('level-top', 0, -2, 0, -1),
      signal('level-bottom', 0, 2, 0, 1),
    ],
  ),
]);

const tankWalls: Primitive[] = [line(-4, -3, -4, 4), line(4, -3, 4, 4), line(-4.6, 4, 4.6, 4)];
const tankPorts = (top: number): PortDefinition[] => [
  port('top', 0, top, 0, -1, 'in'),
  port('inlet', -4, -2, -1, 0, 'in'),
  port('outlet', 4, 3, 1, 0, 'out'),
  port('lower-left', -4, 3, -1, 0, 'out'),
  signal('level-left', -4, 1, -1, 0),
  signal('level-right', 4, 0, 1, 0),
];
const tank = equipmentClass('tank', [
  variant(
    'cone-roof',
    [
      ...tankWalls,
      polyline([
        [-4, -3],
        [0, -4.5],
        [4, -3],
      ]),
    ],
    tankPorts(-4.5),
  ),
  variant('dome-roof', [...tankWalls, arc(0, -3, 4, 1.5, 180, 360), line(-4, -3, 4, -3, thin)], tankPorts(-4.5)),
]);

const trays = (): Primitive[] => {
  const result: Primitive[] = [];
  for (let i = 0; i < 9; i++) {
    const y = -6.5 + i * 1.5;
    result.push(i % 2 === 0 ? line(-2, y, 1, y, thin) : line(-1, y, 2, y, thin));
  }
  return result;
};
const packedBed = (y0: number, y1: number): Primitive[] => [
  rect(-2, y0, 4, y1 - y0, thin),
  line(-2, y0, 2, y1, thin),
  line(-2, y1, 2, y0, thin),
];
const columnPorts: PortDefinition[] = [
  port('overhead', 0, -9, 0, -1, 'out'),
  port('bottoms', 0, 9, 0, 1, 'out'),
  port('feed', -2, 0, -1, 0, 'in'),
  port('reflux', 2, -6, 1, 0, 'in'),
  port('reboiler', -2, 6, -1, 0, 'in'),
  port('side-draw', 2, 4, 1, 0, 'out'),
  signal('level', -2, 8, -1, 0),
  signal('temperature', 2, -3, 1, 0),
];
const column = equipmentClass('column', [
  variant('trays', [...verticalShell(2, 8, 1), ...trays()], columnPorts),
  variant('packed', [...verticalShell(2, 8, 1), ...packedBed(-6.5, -1.5), ...packedBed(1.5, 6)], columnPorts),
]);

const shellTubeExchanger = equipmentClass('shell_tube_exchanger', [
  variant(
    'tema',
    [
      rect(-5, -1.5, 2, 3),
      line(-3, -1.5, 3, -1.5),
      line(-3, 1.5, 3, 1.5),
      arc(3, 0, 1, 1.5, -90, 90),
      line(-3, 0, 3.5, 0, { ...thin, dashed: true }),
    ],
    [
      port('tube-in', -4, 1.5, 0, 1, 'in'),
      port('tube-out', -4, -1.5, 0, -1, 'out'),
      port('shell-in', 2, -1.5, 0, -1, 'in'),
      port('shell-out', -1, 1.5, 0, 1, 'out'),
      signal('temperature', 1, 1.5, 0, 1),
    ],
  ),
  variant(
    'iso-circle',
    [
      circle(0, 0, 2),
      polyline([
        [-2, 0],
        [-1.2, 0],
        [-0.7, -0.9],
        [0, 0.9],
        [0.7, -0.9],
        [1.2, 0],
        [2, 0],
      ]),
    ],
    [
      port('tube-in', -2, 0, -1, 0, 'in'),
      port('tube-out', 2, 0, 1, 0, 'out'),
      port('shell-in', 0, -2, 0, -1, 'in'),
      port('shell-out', 0, 2, 0, 1, 'out'),
    ],
  ),
]);

const plateExchanger = equipmentClass('plate_exchanger', [
  variant(
    'plates',
    [rect(-1.5, -3, 3, 6), line(-0.75, -3, -0.75, 3, thin), line(0, -3, 0, 3, thin), line(0.75, -3, 0.75, 3, thin), rect(-2, -3.5, 4, 0.5)],
    [
      port('hot-in', -1.5, -2, -1, 0, 'in'),
      port('hot-out', 1.5, 2, 1, 0, 'out'),
      port('cold-in', -1.5, 2, -1, 0, 'in'),
      port('cold-out', 1.5, -2, 1, 0, 'out'),
    ],
  ),
  variant(
    'zigzag',
    [
      rect(-1.5, -3, 3, 6),
      polyline(
        [
          [-1.5, -3],
          [1.5, -1.5],
          [-1.5, 0],
          [1.5, 1.5],
          [-1.5, 3],
        ],
        thin,
      ),
    ],
    [
      port('hot-in', -1.5, -2, -1, 0, 'in'),
      port('hot-out', 1.5, 2, 1, 0, 'out'),
      port('cold-in', -1.5, 2, -1, 0, 'in'),
      port('cold-out', 1.5, -2, 1, 0, 'out'),
    ],
  ),
]);

const fan = (y: number): Primitive[] => [circle(0, y, 0.3, { fill: true }), ellipse(-1.1, y, 0.8, 0.3), ellipse(1.1, y, 0.8, 0.3)];
const bundle: Primitive[] = [
  rect(-4, -1, 8, 2),
  polyline(
    [
      [-4, 0],
      [-3, -0.6],
      [-2, 0.6],
      [-1, -0.6],
      [0, 0.6],
      [1, -0.6],
      [2, 0.6],
      [3, -0.6],
      [4, 0],
    ],
    thin,
  ),
];
const airCooler = equipmentClass('air_cooler', [
  variant(
    'forced-draft',
    [...bundle, ...fan(2), line(0, 2.3, 0, 3, thin), rect(-0.5, 3, 1, 0.8)],
    [port('inlet', -4, 0, -1, 0, 'in'), port('outlet', 4, 0, 1, 0, 'out')],
  ),
  variant(
    'induced-draft',
    [...bundle, ...fan(-2), line(0, -2.3, 0, -3, thin), rect(-0.5, -3.8, 1, 0.8)],
    [port('inlet', -4, 0, -1, 0, 'in'), port('outlet', 4, 0, 1, 0, 'out')],
  ),
]);

const filter = equipmentClass('filter', [
  variant(
    'cartridge',
    [...verticalShell(1.5, 2.5, 0.6), rect(-0.7, -2, 1.4, 4, { dashed: true, weight: 0.6 })],
    [port('inlet', -1.5, -1, -1, 0, 'in'), port('outlet', 1.5, 1, 1, 0, 'out'), port('drain', 0, 3.1, 0, 1, 'out')],
  ),
  variant(
    'screen',
    [rect(-1.5, -2.5, 3, 5), line(-1.5, -2.5, 1.5, 2.5, { dashed: true, weight: 0.6 })],
    [port('inlet', -1.5, -1, -1, 0, 'in'), port('outlet', 1.5, 1, 1, 0, 'out'), port('drain', 0, 2.5, 0, 1, 'out')],
  ),
]);

/** In the order of the class table. */
export const EQUIPMENT_CLASSES: readonly SymbolClass[] = [
  centrifugalPump,
  positiveDisplacementPump,
  compressor,
  verticalVessel,
  horizontalVessel,
  tank,
  column,
  shellTubeExchanger,
  plateExchanger,
  airCooler,
  filter,
];
