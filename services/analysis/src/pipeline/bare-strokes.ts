import { boxesTouch, connectedComponents, unionBox, type Box, type InkImage } from './components';
import { indexAlong, segmentBox, segmentThickness, type Segment } from './lines';
import { cropGray } from './text-reader';

/** A candidate taken apart at the bare pipe pieces inside it: the symbols either side, and the pieces. */
export interface BareStrokeSplit {
  parts: Box[];
  strokes: Segment[];
}

/**
 * Symbols strung on a leg too short to be found as a line (a three-way valve's drain leg to its valve and blind
 * flange) come out of line removal as one blob. Inside a candidate, a straight stroke one stroke wide with nothing
 * beside it, at least `3 * unit` long, that runs from ink to ink is such a leg's piece; the candidate cut there
 * falls into the symbols it strung together. A valve's stem to its actuator is such a stroke too: whether to
 * take the split is the classifier's call (`analyze-page.ts`). Returns nothing when the pieces leave the
 * candidate's parts as they were, or fewer than two.
 */
export function splitAtBareStrokes(box: Box, ink: InkImage, unit: number, pipes: Segment[] = []): BareStrokeSplit | undefined {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const { gray: local, width, height } = cropGray(ink.mask, ink.width, ink.height, box);
  const shift = (b: Box): Box => ({ x0: b.x0 + x0, y0: b.y0 + y0, x1: b.x1 + x0, y1: b.y1 + y0 });
  // An end where a pipe (a line, a stub cut before) carries on is met too: the leg goes on as that pipe.
  const near = pipes.filter((pipe) => boxesTouch(segmentBox(pipe), box, 2)).map(segmentBox);
  // The pipe may turn at the stroke's end square itself (the stroke ran on over the corner).
  const carriesOn = (stroke: Segment, atEnd: boolean) =>
    near.some((pipe) => boxesTouch(pipe, shift(beyond(stroke, atEnd)), 1) || boxesTouch(pipe, shift(endSquare(stroke, atEnd)), 0));
  const bare = [...bareStrokes(local, width, height, 'horizontal', unit), ...bareStrokes(local, width, height, 'vertical', unit)].map(
    ({ stroke, metAt }): BareStroke => ({
      stroke,
      metAt: [metAt[0] || carriesOn(stroke, false), metAt[1] || carriesOn(stroke, true)],
    }),
  );
  const strokes = pipePieces(bare);
  if (strokes.length === 0) return undefined;
  const gap = Math.max(2, Math.round(2.5 * unit));
  const partsOf = (mask: Uint8Array, cuts: Segment[]) =>
    joinPieces(
      connectedComponents(mask, width, height).filter((c) => Math.max(c.x1 - c.x0, c.y1 - c.y0) + 1 >= 2 * unit + 2),
      cuts,
      gap,
    );
  // Only a cut that changes the parts counts: it parts what was one, or trims a leg off a part (a candidate
  // already in separate pieces is not split by a stroke that changes none of them).
  const uncut = partsOf(local.slice(), []);
  // A corner's square, left between two pieces, is too small to be a part.
  for (const s of strokes) {
    const at = indexAlong(width, s.orientation === 'horizontal');
    for (let along = s.start; along <= s.end; along++) for (let side = s.lo; side <= s.hi; side++) local[at(along, side)] = 0;
  }
  const parts = partsOf(local, strokes);
  const same = (a: Box, b: Box) => a.x0 === b.x0 && a.y0 === b.y0 && a.x1 === b.x1 && a.y1 === b.y1;
  if (parts.length < 2 || (parts.length === uncut.length && parts.every((part) => uncut.some((other) => same(part, other)))))
    return undefined;
  return {
    parts: parts.map(shift),
    strokes: strokes.map((s) =>
      s.orientation === 'horizontal'
        ? { ...s, start: s.start + x0, end: s.end + x0, lo: s.lo + y0, hi: s.hi + y0 }
        : { ...s, start: s.start + y0, end: s.end + y0, lo: s.lo + x0, hi: s.hi + x0 },
    ),
  };
}

/**
 * The bare strokes that are pipe pieces: met head-on by a shape at each end, or turning there into another
 * such piece (a short L-shaped leg from a pump's nozzle to its valve). Pieces joined at corners are one leg,
 * which must end head-on at shapes both ways: a box's edges turn into each other all round and end nowhere.
 */
function pipePieces(bare: BareStroke[]): Segment[] {
  const leg = bare.map((_, i) => i);
  const find = (i: number): number => (leg[i] === i ? i : (leg[i] = find(leg[i])));
  const openEnds: Array<{ piece: number; met: boolean }> = [];
  bare.forEach(({ stroke, metAt }, i) => {
    for (const [end, atEnd] of [
      [0, false],
      [1, true],
    ] as const) {
      // A corner joins two ends that no shape meets (a leg ending head-on at a box's side is no corner of it).
      const corner = metAt[end]
        ? -1
        : bare.findIndex(
            (other) =>
              other.stroke.orientation !== stroke.orientation &&
              ((!other.metAt[0] && boxesTouch(beyond(stroke, atEnd), beyond(other.stroke, false), 1)) ||
                (!other.metAt[1] && boxesTouch(beyond(stroke, atEnd), beyond(other.stroke, true), 1))),
          );
      if (corner >= 0) leg[find(i)] = find(corner);
      else openEnds.push({ piece: i, met: metAt[end] });
    }
  });
  const ended = new Map<number, boolean>();
  for (const { piece, met } of openEnds) ended.set(find(piece), (ended.get(find(piece)) ?? true) && met);
  return bare.filter((_, i) => ended.get(find(i)) === true).map(({ stroke }) => stroke);
}

/** The square just beyond a stroke's start or end, a stroke wide: where a corner's other leg or a pipe runs on. */
function beyond(s: Segment, atEnd: boolean): Box {
  const across = segmentThickness(s);
  return segmentBox(atEnd ? { ...s, start: s.end + 1, end: s.end + across } : { ...s, start: s.start - across, end: s.start - 1 });
}

/** The stroke's last square at its start or end, a stroke wide. */
function endSquare(s: Segment, atEnd: boolean): Box {
  const across = segmentThickness(s);
  return segmentBox(atEnd ? { ...s, start: s.end - across + 1 } : { ...s, end: s.start + across - 1 });
}

/** A bare stroke, and whether a shape meets it head-on at its start and at its end. */
interface BareStroke {
  stroke: Segment;
  metAt: [boolean, boolean];
}

/**
 * Bare strokes of one orientation in a local mask: per position along, a run of ink across no wider than a
 * stroke with `pad` blank either side; runs at consecutive positions on one band make a stroke, kept when at
 * least `3 * unit` long.
 */
function bareStrokes(mask: Uint8Array, width: number, height: number, orientation: Segment['orientation'], unit: number): BareStroke[] {
  const horizontal = orientation === 'horizontal';
  const [length, across] = horizontal ? [width, height] : [height, width];
  const at = indexAlong(width, horizontal);
  const inked = (along: number, side: number) => along >= 0 && along < length && side >= 0 && side < across && mask[at(along, side)] === 1;
  const thin = 2 * unit + 1;
  const pad = Math.max(2, Math.round(1.5 * unit));
  const open: Segment[] = [];
  const strokes: BareStroke[] = [];
  // A pipe meets a symbol head-on: the shape beyond each end spreads to both sides of the stroke (a valve's
  // base, a flange's bar). A box's edge meets its side at a corner, turning one way only.
  const meets = (s: Segment, along: number) => {
    const reaches = (from: number, step: 1 | -1) => {
      for (let k = 0; k < pad; k++) if (inked(along, from + step * k)) return true;
      return false;
    };
    return reaches(s.lo - 1, -1) && reaches(s.hi + 1, 1);
  };
  const close = (s: Segment) => {
    if (s.end - s.start + 1 >= 3 * unit) strokes.push({ stroke: s, metAt: [meets(s, s.start - 1), meets(s, s.end + 1)] });
  };
  for (let along = 0; along < length; along++) {
    const runs: Array<[number, number]> = [];
    for (let side = 0; side < across; side++) {
      if (!inked(along, side)) continue;
      const from = side;
      while (side + 1 < across && inked(along, side + 1)) side++;
      if (side - from + 1 > thin) continue;
      let bare = true;
      for (let k = 1; k <= pad && bare; k++) bare = !inked(along, from - k) && !inked(along, side + k);
      if (bare) runs.push([from, side]);
    }
    for (let i = open.length - 1; i >= 0; i--) {
      const s = open[i];
      const next = runs.findIndex(([lo, hi]) => lo <= s.hi + 1 && hi >= s.lo - 1);
      if (next < 0) {
        close(s);
        open.splice(i, 1);
        continue;
      }
      const [lo, hi] = runs.splice(next, 1)[0];
      Object.assign(s, { end: along, lo: Math.min(s.lo, lo), hi: Math.max(s.hi, hi) });
    }
    for (const [lo, hi] of runs) open.push({ orientation, start: along, end: along, lo, hi, dashed: false, stub: true });
  }
  open.forEach(close);
  // A band that wandered across more than a stroke's width is a slanted line, not a pipe's piece.
  return strokes.filter(({ stroke }) => segmentThickness(stroke) <= thin);
}

/**
 * Pieces that touch (within `gap`) are one symbol (a valve's halves, a flange's bars) unless a cut stroke ran
 * between them: each part holds the pieces at one end of a stroke or the other, never both.
 */
function joinPieces(pieces: Box[], strokes: Segment[], gap: number): Box[] {
  const endBox = (s: Segment, along: number): Box => segmentBox({ ...s, start: along, end: along });
  const ends = strokes.map((s) => [endBox(s, s.start - 1), endBox(s, s.end + 1)] as const);
  const groups = pieces.map((piece) => ({ box: { ...piece } as Box, pieces: [piece] }));
  const apart = (a: Box[], b: Box[]) =>
    ends.some(
      ([first, last]) =>
        (a.some((p) => boxesTouch(p, first, 1)) && b.some((p) => boxesTouch(p, last, 1))) ||
        (a.some((p) => boxesTouch(p, last, 1)) && b.some((p) => boxesTouch(p, first, 1))),
    );
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i++) {
      for (let j = i + 1; j < groups.length && !merged; j++) {
        const [a, b] = [groups[i], groups[j]];
        if (!a.pieces.some((p) => b.pieces.some((q) => boxesTouch(p, q, gap))) || apart(a.pieces, b.pieces)) continue;
        a.pieces.push(...b.pieces);
        a.box = unionBox(a.box, b.box);
        groups.splice(j, 1);
        merged = true;
      }
    }
  }
  return groups.map((group) => group.box);
}
