import type { ElementType } from '@pid/contracts';
import type { Point } from './geometry';
import { arc, bowtie, circle, ellipse, line, polygon, polyline, rect, type Primitive } from './symbol-primitives';

/**
 * Where a pipe or signal line attaches, in the local frame. `dir` points away from the symbol; the coordinate
 * across `dir` is a whole number so that the line leaves along a routing-grid line.
 */
export interface PortDefinition {
  name: string;
  at: Point;
  dir: Point;
  kind: 'process' | 'signal';
  /** For equipment: which way the flow prefers it. */
  role?: 'in' | 'out';
  /** A third-party port off the routing lattice: in the truth, but no line is routed to it. */
  unrouted?: true;
}

export interface SymbolVariant {
  name: string;
  primitives: Primitive[];
  ports: PortDefinition[];
  /** Where the drawing comes from; absent for the project's own library. */
  source?: { library: 'drawio-pid'; file: string; shape: string };
}

/**
 * How a symbol sits on a sheet: equipment on its own; inline symbols on a pipe (ports at ±x); terminals end a
 * branch (one port); instruments are bubbles with signal ports; connectors sit at the sheet edge.
 */
export type SymbolPlacementKind = 'equipment' | 'inline' | 'terminal' | 'instrument' | 'connector';

export interface SymbolClass {
  className: string;
  elementType: ElementType;
  placement: SymbolPlacementKind;
  variants: SymbolVariant[];
  /** Quarter turns (clockwise) it may be drawn at: inline symbols follow their pipe. */
  quarterTurns: number[];
  /** Two bars meeting across the pipe (a flange pair): in the truth, two flanges (`jointFaces`). */
  joint?: true;
}

const port = (name: string, x: number, y: number, dx: number, dy: number, role?: 'in' | 'out'): PortDefinition => ({
  name,
  at: [x, y],
  dir: [dx, dy],
  kind: 'process',
  role,
});
const signal = (name: string, x: number, y: number, dx: number, dy: number): PortDefinition => ({
  name,
  at: [x, y],
  dir: [dx, dy],
  kind: 'signal',
});
/** The two ends of an inline symbol `w` units either side of its centre. */
const inlinePorts = (w = 1) => [port('a', -w, 0, -1, 0, 'in'), port('b', w, 0, 1, 0, 'out')];
const INLINE_TURNS = [0, 1, 2, 3];
const UPRIGHT = [0];
const thin = { weight: 0.6 };

const variant = (name: string, primitives: Primitive[], ports: PortDefinition[]): SymbolVariant => ({ name, primitives, ports });

// ---- equipment --------------------------------------------------------------------------------------------

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

// ---- valves -------------------------------------------------------------------------------------------------

const inlineClass = (className: string, elementType: ElementType, variants: SymbolVariant[]): SymbolClass => ({
  className,
  elementType,
  placement: 'inline',
  quarterTurns: INLINE_TURNS,
  variants,
});

const valves: SymbolClass[] = [
  inlineClass('gate_valve', 'valve', [
    variant('hollow', bowtie(), inlinePorts()),
    variant('solid', bowtie(1, 0.6, { fill: true }), inlinePorts()),
    variant('handwheel', [...bowtie(), line(0, 0, 0, -0.9), line(-0.45, -0.9, 0.45, -0.9)], inlinePorts()),
  ]),
  inlineClass('globe_valve', 'valve', [
    variant('dot', [...bowtie(), circle(0, 0, 0.24, { fill: true })], inlinePorts()),
    variant('ring', [...bowtie(), circle(0, 0, 0.3)], inlinePorts()),
  ]),
  inlineClass('ball_valve', 'valve', [
    variant('bowtie-ball', [...bowtie(), circle(0, 0, 0.38, { fill: true })], inlinePorts()),
    variant(
      'round',
      [circle(0, 0, 0.55), line(-1, -0.6, -1, 0.6), line(1, -0.6, 1, 0.6), line(-1, 0, -0.55, 0), line(0.55, 0, 1, 0)],
      inlinePorts(),
    ),
  ]),
  inlineClass('check_valve', 'valve', [
    variant('half-filled', bowtie(1, 0.6, {}, true), inlinePorts()),
    variant(
      'flapper',
      [
        line(-1, -0.6, -1, 0.6),
        line(1, -0.6, 1, 0.6),
        line(-1, 0.6, 0.8, -0.5),
        polygon(
          [
            [0.8, -0.5],
            [0.3, -0.45],
            [0.55, -0.1],
          ],
          { fill: true },
        ),
      ],
      inlinePorts(),
    ),
  ]),
  inlineClass('butterfly_valve', 'valve', [
    variant(
      'bars-disc',
      [
        line(-0.7, -0.7, -0.7, 0.7),
        line(0.7, -0.7, 0.7, 0.7),
        line(-1, 0, -0.7, 0),
        line(0.7, 0, 1, 0),
        line(-0.45, 0.45, 0.45, -0.45),
        circle(0, 0, 0.15, { fill: true }),
      ],
      inlinePorts(),
    ),
    variant(
      'bars-ellipse',
      [line(-0.7, -0.7, -0.7, 0.7), line(0.7, -0.7, 0.7, 0.7), line(-1, 0, -0.7, 0), line(0.7, 0, 1, 0), ellipse(0, 0, 0.22, 0.6)],
      inlinePorts(),
    ),
  ]),
  inlineClass('plug_valve', 'valve', [
    variant('solid-plug', [...bowtie(), rect(-0.25, -0.25, 0.5, 0.5, { fill: true })], inlinePorts()),
    variant('hollow-plug', [...bowtie(), rect(-0.3, -0.3, 0.6, 0.6)], inlinePorts()),
  ]),
  inlineClass('needle_valve', 'valve', [
    variant(
      'needle',
      [
        ...bowtie(),
        polygon(
          [
            [-0.3, -0.9],
            [0.3, -0.9],
            [0, -0.2],
          ],
          { fill: true },
        ),
      ],
      inlinePorts(),
    ),
    // The needle on its stem, point down into the body. A stem with a bar across is a gate valve's handwheel,
    // however small the valve is drawn.
    variant(
      'needle-stem',
      [
        ...bowtie(),
        line(0, -1, 0, -0.35),
        polygon(
          [
            [-0.18, -0.4],
            [0.18, -0.4],
            [0, 0],
          ],
          { fill: true },
        ),
      ],
      inlinePorts(),
    ),
  ]),
  inlineClass('three_way_valve', 'valve', [
    variant(
      'third-leg',
      [
        ...bowtie(),
        polygon([
          [-0.6, 1],
          [0.6, 1],
          [0, 0],
        ]),
      ],
      [...inlinePorts(), port('c', 0, 1, 0, 1, 'out')],
    ),
    variant(
      'third-leg-solid',
      [
        ...bowtie(1, 0.6, { fill: true }),
        polygon(
          [
            [-0.6, 1],
            [0.6, 1],
            [0, 0],
          ],
          { fill: true },
        ),
      ],
      [...inlinePorts(), port('c', 0, 1, 0, 1, 'out')],
    ),
  ]),
  inlineClass('control_valve', 'valve', [
    variant(
      'diaphragm',
      [...bowtie(), line(0, 0, 0, -1.2), arc(0, -1.2, 0.8, 0.7, 180, 360), line(-0.8, -1.2, 0.8, -1.2)],
      [...inlinePorts(), signal('actuator', 0, -1.9, 0, -1)],
    ),
    variant(
      'piston',
      [...bowtie(1, 0.6, { fill: true }), line(0, 0, 0, -1.1), rect(-0.6, -2, 1.2, 0.9)],
      [...inlinePorts(), signal('actuator', 0, -2, 0, -1)],
    ),
  ]),
];

const safetyValve: SymbolClass = {
  className: 'safety_valve',
  elementType: 'valve',
  placement: 'terminal',
  quarterTurns: UPRIGHT,
  variants: [
    variant(
      'spring',
      [
        polygon([
          [-0.6, 1.2],
          [0.6, 1.2],
          [0, 0],
        ]),
        polygon([
          [1.2, -0.6],
          [1.2, 0.6],
          [0, 0],
        ]),
        line(1.2, 0, 2, 0),
        line(0, 0, 0, -0.3),
        polyline([
          [0, -0.3],
          [-0.4, -0.5],
          [0.4, -0.8],
          [-0.4, -1.1],
          [0.4, -1.4],
          [0, -1.6],
        ]),
      ],
      [port('inlet', 0, 1.2, 0, 1, 'in')],
    ),
    variant(
      'bonnet',
      [
        polygon(
          [
            [-0.6, 1.2],
            [0.6, 1.2],
            [0, 0],
          ],
          { fill: true },
        ),
        polygon([
          [1.2, -0.6],
          [1.2, 0.6],
          [0, 0],
        ]),
        line(1.2, 0, 2, 0),
        rect(-0.35, -1.5, 0.7, 1.5),
      ],
      [port('inlet', 0, 1.2, 0, 1, 'in')],
    ),
  ],
};

// ---- instruments ------------------------------------------------------------------------------------------

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

// ---- fittings ---------------------------------------------------------------------------------------------

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
    variant(
      'y-type',
      [line(-1, 0, 1, 0), line(-0.4, 0, 0.3, 0.9), line(0.1, 0, 0.8, 0.9, { dashed: true, weight: 0.6 }), line(0.1, 1.05, 0.9, 0.75)],
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
 * or pointed at its far end. `width` and `height` in symbol units, from the words' size.
 */
export function labelledConnector(width: number, height: number, pointed: boolean): SymbolVariant {
  const [x, y] = [width / 2, height / 2];
  const tip = Math.min(0.8, width / 4);
  const outline = pointed
    ? polygon([
        [-x, -y],
        [x - tip, -y],
        [x, 0],
        [x - tip, y],
        [-x, y],
      ])
    : rect(-x, -y, width, height);
  return variant(pointed ? 'labelled-pointed' : 'labelled-box', [outline], [port('left', -x, 0, -1, 0), port('right', x, 0, 1, 0)]);
}

/** Every class the generator draws (32), by element type. */
export const SYMBOL_CLASSES: readonly SymbolClass[] = [
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
  ...valves,
  safetyValve,
  ...instruments,
  ...fittings,
  offPageConnector,
];

export function symbolClass(className: string): SymbolClass {
  const found = SYMBOL_CLASSES.find((entry) => entry.className === className);
  if (!found) throw new RangeError(`Unknown symbol class ${className}`);
  return found;
}
