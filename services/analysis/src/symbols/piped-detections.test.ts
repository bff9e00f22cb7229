import { describe, expect, it } from '@jest/globals';
import { lineSegment } from '../testing/segments';
import { boxedSymbol } from '../testing/symbols';
import { pipedCandidates, pipedDetections } from './piped-detections';

const horizontal = (start: number, end: number, y: number) => lineSegment('horizontal', y, start, end);
const vertical = (start: number, end: number, x: number) => lineSegment('vertical', x, start, end);

/** An unsure valve detection at x 100-120, y 40-60. */
const unsure = { ...boxedSymbol(100, 40, 120, 60, 'valve', 0.4), description: 'unsure valve' };
const described = (symbols: Array<{ description: string }>) => symbols.map((s) => s.description);

describe('unsure detections kept where pipes end at them', () => {
  it('keeps one that a pipe on its axis ends at from each side', () => {
    const pipes = [horizontal(10, 99, 50), horizontal(121, 300, 50)];
    expect(described(pipedDetections([], [unsure], pipes, 2))).toEqual(['unsure valve']);
    // Turned: pipes from above and below.
    const turned = { ...unsure, x0: 40, y0: 100, x1: 60, y1: 120 };
    expect(described(pipedDetections([], [turned], [vertical(10, 98, 50), vertical(122, 300, 50)], 2))).toEqual(['unsure valve']);
  });

  it('leaves out one that a pipe runs past, through or beside, or that only one pipe reaches', () => {
    // Text beside a pipe: the pipe runs along under it.
    expect(pipedDetections([], [unsure], [horizontal(10, 300, 65)], 2)).toEqual([]);
    // A pipe through the box: a blot on the line, not a symbol the line breaks for.
    expect(pipedDetections([], [unsure], [horizontal(10, 300, 50)], 2)).toEqual([]);
    // Off the axis: pipes ending at its corners' height.
    expect(pipedDetections([], [unsure], [horizontal(10, 99, 42), horizontal(121, 300, 42)], 2)).toEqual([]);
    // One pipe end only.
    expect(pipedDetections([], [unsure], [horizontal(10, 99, 50)], 2)).toEqual([]);
    // A box no wider across the pipe than twice its stroke: a piece of the line itself.
    const sliver = { ...unsure, y0: 49, y1: 51 };
    expect(pipedDetections([], [sliver], [horizontal(10, 99, 50), horizontal(121, 300, 50)], 2)).toEqual([]);
  });

  it('keeps one that a pipe ends at from one side with a kept symbol drawn against the other (port on port)', () => {
    const reducer = boxedSymbol(121, 44, 135, 56, 'fitting');
    expect(described(pipedDetections([reducer], [unsure], [horizontal(10, 99, 50)], 2))).toEqual(['unsure valve']);
    // The symbol drawn against the side the pipe comes from, off the axis, or a gap away: left out.
    expect(pipedDetections([boxedSymbol(85, 44, 99, 56, 'fitting')], [unsure], [horizontal(10, 99, 50)], 2)).toEqual([]);
    expect(pipedDetections([boxedSymbol(121, 20, 135, 45, 'fitting')], [unsure], [horizontal(10, 99, 50)], 2)).toEqual([]);
    expect(pipedDetections([boxedSymbol(130, 44, 144, 56, 'fitting')], [unsure], [horizontal(10, 99, 50)], 2)).toEqual([]);
    // A symbol against it, but no pipe at all.
    expect(pipedDetections([reducer], [unsure], [], 2)).toEqual([]);
    // Symbols drawn against both sides: the box is the stub of pipe between them, whatever line ends at it.
    const valve = boxedSymbol(85, 40, 99, 60, 'valve');
    expect(pipedDetections([reducer, valve], [unsure], [horizontal(10, 99, 50)], 2)).toEqual([]);
  });

  it('leaves out one that a symbol already covers', () => {
    const pipes = [horizontal(10, 99, 50), horizontal(121, 300, 50)];
    const rules = boxedSymbol(98, 38, 118, 58, 'valve');
    expect(pipedDetections([rules], [unsure], pipes, 2)).toEqual([]);
  });
});

describe('candidates the classifier dropped, kept where pipes end at them', () => {
  const pipes = [horizontal(10, 99, 50), horizontal(121, 300, 50)];
  const candidate = { ...boxedSymbol(100, 40, 120, 60, 'valve', 0.7), description: 'tiny valve' };

  it('keeps a dropped valve that pipes end at from both sides, less sure, where no detection stands', () => {
    const [kept] = pipedCandidates([], [candidate], [], pipes, 2);
    expect(kept).toMatchObject({ description: 'tiny valve', confidence: 0.5 });
  });

  it('leaves out text, one a detection overlaps (the detector had its say) and one a named symbol covers', () => {
    expect(pipedCandidates([], [{ ...candidate, elementType: 'text' }], [], pipes, 2)).toEqual([]);
    expect(pipedCandidates([], [candidate], [boxedSymbol(102, 42, 118, 58, 'fitting', 0.3)], pipes, 2)).toEqual([]);
    expect(pipedCandidates([boxedSymbol(100, 40, 120, 60, 'text')], [candidate], [], pipes, 2)).toEqual([]);
    // A bar across the pipe, a stroke thick: a crossing line's piece as often as a flange.
    const bar = { ...candidate, x0: 108, x1: 110, description: 'bar' };
    expect(pipedCandidates([], [bar], [], [horizontal(10, 107, 50), horizontal(111, 300, 50)], 2)).toEqual([]);
  });
});
