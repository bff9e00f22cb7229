/**
 * Equipment the detector read in parts: a column's packed beds, a vessel's internals boxed as symbols of their own
 * inside one outline. Where the rules' candidate holding two or more equipment detections (and no other detection)
 * reaches at most `MAX_REACH_STROKES` stroke widths and `REACH_SLACK` pixels past them taken together, it is one
 * piece of equipment boxed as the candidate, with the surest part's type and confidence; the classifier names it
 * after (`classifier-names`).
 */
import { boxArea, overlapArea, unionBox, type Box } from '../pipeline/components';
import type { DetectedSymbol } from '../pipeline/symbols';
import { HELD, MAX_REACH_STROKES, REACH_SLACK, reachesAtMost } from './detection-reach';

export function withWholeEquipment(detected: DetectedSymbol[], candidates: Box[], unit: number): DetectedSymbol[] {
  const past = MAX_REACH_STROKES * unit + REACH_SLACK;
  const merged = new Set<DetectedSymbol>();
  const wholes: DetectedSymbol[] = [];
  // The largest candidates first: a column's outline before a bed's own.
  for (const candidate of [...candidates].sort((a, b) => boxArea(b) - boxArea(a))) {
    const held = detected.filter((symbol) => !merged.has(symbol) && overlapArea(candidate, symbol) >= HELD * boxArea(symbol));
    if (held.length < 2 || held.some((symbol) => symbol.elementType !== 'equipment')) continue;
    if (!reachesAtMost(candidate, held.reduce<Box>(unionBox, held[0]), past)) continue;
    const surest = held.reduce((a, b) => (b.confidence > a.confidence ? b : a));
    for (const part of held) merged.add(part);
    wholes.push({ ...surest, x0: candidate.x0, y0: candidate.y0, x1: candidate.x1, y1: candidate.y1 });
  }
  return [...detected.filter((symbol) => !merged.has(symbol)), ...wholes];
}
