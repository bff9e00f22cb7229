/** The valves the generator draws: inline ones in two or three variants each, and the safety valve on its branch. */
import { port, signal, inlinePorts, UPRIGHT, variant, inlineClass, type SymbolClass } from './symbol-class-parts';
import { arc, bowtie, circle, ellipse, line, polygon, polyline, rect } from './symbol-primitives';

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

/** In the order of the class table. */
export const VALVE_CLASSES: readonly SymbolClass[] = [...valves, safetyValve];
