import { boxArea, boxHeight, boxOf, boxWidth, boxWithin, overlapArea, unionBox, type Box, type InkImage } from '../components';
import { nozzlesOnEquipmentLines } from '../equipment-lines';
import { splitJoints, type Bolted } from '../flange-faces';
import { strokeSize, type Segment } from '../lines';
import { finerThanPipes, pipePen } from '../line-weight';
import { findNozzles, NOZZLE, type Nozzle } from '../nozzles';
import { flangesBeside, type SpectacleBlind } from '../spectacle-blinds';
import type { DetectedSymbol } from '../symbols';
import type { ReadLine } from '../text-attachment';
import type { PageLines } from './page-lines';
import type { SymbolCandidates } from './symbol-candidates';
import { ruleOn, type RuleModule } from '../rule-modules';

/** The symbols with nozzles, flanges and spectacle blinds' faces added, and what holds them together. */
export interface EquipmentNozzles {
  symbols: DetectedSymbol[];
  /** The equipment each nozzle is part of. */
  nozzleOf: Map<DetectedSymbol, DetectedSymbol>;
  /** Flanges face to face (a joint's, maybe with a plate between, a nozzle's and its mate's), connected in order. */
  bolted: Bolted[];
  /** Lines drawn as part of equipment whose nozzles are kept: no pipes. */
  equipmentLines: Set<Segment>;
}

/**
 * Pipes leave equipment through nozzles: parts of it, connected to their pipes and not to it. (After the
 * bubbles are settled: an oval instrument taken for equipment has no nozzles.) A flange joint is two flanges, each an
 * element of its own; a spectacle blind takes the flanges either side of its plate.
 */
export function equipmentNozzles(
  { ink, unit, lineOptions }: PageLines,
  { lineSegments, solidLines }: SymbolCandidates,
  found: { symbols: DetectedSymbol[]; lines: ReadLine[]; spectacles: SpectacleBlind[]; platedJoints: Set<DetectedSymbol> },
  without?: ReadonlySet<RuleModule>,
): EquipmentNozzles {
  const symbols = [...found.symbols];
  const { nozzleOf, bolted, mates, equipmentLines } = ruleOn(without, 'nozzles')
    ? addNozzles(symbols, ink, lineSegments, pipesOf(solidLines, lineOptions.minLength), found.lines, unit)
    : { nozzleOf: new Map<DetectedSymbol, DetectedSymbol>(), bolted: [], mates: [], equipmentLines: new Set<Segment>() };
  // A flange joint is two flanges, each an element of its own; one with a tap line is an orifice plate (the line
  // may stop a dash and a gap short of it).
  if (ruleOn(without, 'flange-faces')) bolted.push(...splitJoints(symbols, ink, 2 * (2 * unit + 3), found.platedJoints));
  symbols.push(...mates);
  // After the nozzles: a blind bolted to a nozzle's flange touches the nozzle's box. The flanges either side of its
  // plate are added where nothing stands (a nozzle's flange is the nozzle's).
  for (const spectacle of found.spectacles) {
    const faces = flangesBeside(spectacle, ink, unit).filter(
      (face) => !symbols.some((symbol) => overlapArea(symbol, face) > 0.3 * boxArea(face)),
    );
    // Blind and flanges keep the whole as drawn: some datasets box it as one symbol (Dataset-P&ID).
    const joint = faces.length > 0 ? { joint: faces.reduce(unionBox, spectacle.box) } : {};
    const fitting = { elementType: 'fitting', confidence: 0.7, ...joint } as const;
    symbols.push(
      { ...spectacle.box, ...fitting, description: 'spectacle blind', symbolClass: 'spectacle_blind' },
      ...faces.map((face): DetectedSymbol => ({ ...face, ...fitting, description: 'flange', symbolClass: 'flange', confidence: 0.6 })),
    );
  }
  return { symbols, nozzleOf, bolted, equipmentLines };
}

/**
 * Adds each piece of equipment's nozzles to `symbols` (in place of a flange joint found on the stub), and
 * returns the flanges bolted to them, to be added after the joints are split.
 */
function addNozzles(
  symbols: DetectedSymbol[],
  ink: InkImage,
  lineSegments: Segment[],
  solidLines: Segment[],
  texts: ReadLine[],
  unit: number,
) {
  const nozzleOf = new Map<DetectedSymbol, DetectedSymbol>();
  const equipment = symbols.filter((symbol) => symbol.elementType === 'equipment');
  // Where another symbol or a nozzle already stands, none is added.
  const taken: Box[] = symbols.filter((symbol) => symbol.elementType !== 'equipment');
  // Flanges face to face (a joint's, maybe with a plate between, a nozzle's and its mate's), connected in order.
  const bolted: Bolted[] = [];
  const mates: DetectedSymbol[] = [];
  // (A text, read or not, ends a pipe as a symbol does: "TO FLARE".)
  const onLines = nozzlesOnEquipmentLines(
    ink,
    lineSegments,
    equipment,
    symbols.filter((symbol) => symbol.elementType !== 'text'),
    [...symbols.filter((symbol) => symbol.elementType === 'text'), ...texts.map(({ line }) => line)],
    unit,
  );
  // Lines drawn as part of equipment whose nozzles are kept: no pipes.
  const equipmentLines = new Set<Segment>();
  const allNozzles: Array<Nozzle<DetectedSymbol> & { line?: Segment }> = [...findNozzles(ink, solidLines, equipment, unit), ...onLines];
  for (const { box, equipment: on, mate, line } of allNozzles) {
    // A flange joint found on the stub is the nozzle's flange bolted to its mate: the two take its place.
    const joints = mate
      ? symbols.filter(
          (other) => other.description === 'flange' && overlapArea(other, box) > 0 && boxWithin(other, unionBox(box, mate.box), unit),
        )
      : [];
    // The nozzle's own flange found as a fitting standing on it (its bar alone) is the nozzle's too.
    const ownBars = symbols.filter((other) => other.elementType === 'fitting' && boxWithin(other, box, 2 * unit));
    const isJoint = (other: Box) => joints.some((joint) => joint === other) || ownBars.some((bar) => bar === other);
    // A box beside the stub that shares only its edge pixels with the nozzle's (a tag taken for a symbol) does not.
    if (taken.some((other) => !isJoint(other) && sharesMoreThanEdge(other, box))) continue;
    for (const joint of new Set([...joints, ...ownBars])) {
      symbols.splice(symbols.indexOf(joint), 1);
      taken.splice(taken.indexOf(joint), 1);
    }
    taken.push(box);
    const mated = mate && !taken.some((other) => overlapArea(other, mate.box) > 0) ? mate : undefined;
    // A nozzle's flange and its mate's are a flange joint: both carry it, as a joint's flanges do.
    // A flange pair drawn with its bars too close to tell apart is found whole, as one flange two strokes deep or
    // more on the stub, and no mate: the nozzle's flange bolted to its mate, that flange their joint as drawn.
    const whole = mated
      ? undefined
      : ownBars.find((bar) => bar.description === 'flange' && Math.min(boxWidth(bar), boxHeight(bar)) >= 2 * unit);
    const joint = mated ? { joint: mated.joint } : whole ? { joint: boxOf(whole) } : {};
    const nozzle: DetectedSymbol = { ...box, elementType: 'fitting', description: NOZZLE, confidence: 0.6, ...joint };
    nozzleOf.set(nozzle, on);
    if (line) equipmentLines.add(line);
    if (!mated) continue;
    const flange = { elementType: 'fitting', description: 'flange', symbolClass: 'flange', confidence: 0.6 } as const;
    const mating: DetectedSymbol = { ...mated.box, ...flange, ...joint };
    mates.push(mating);
    bolted.push({ parts: [nozzle, mating], links: [mated.between] });
    taken.push(mated.box);
  }
  symbols.push(...nozzleOf.keys());
  return { nozzleOf, bolted, mates, equipmentLines };
}

/** The solid lines drawn with the page's pipe pen: a signal line drawn finer leaves equipment through no nozzle. */
function pipesOf(solidLines: Segment[], minLength: number): Segment[] {
  const strokes = solidLines.map(strokeSize);
  const pen = pipePen(strokes, minLength);
  return solidLines.filter((_, i) => !finerThanPipes(strokes[i].thickness, pen));
}

/** Whether two boxes share more than a row or column of pixels at their edges (boxes drawn touching share one). */
function sharesMoreThanEdge(a: Box, b: Box): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) >= 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= 1;
}
