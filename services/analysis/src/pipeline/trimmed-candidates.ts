import { boxArea, boxesTouch, boxHeight, boxWidth, boxWithin, connectedComponents, type Box, type InkImage } from './components';

/** How much of a candidate's width or height a cut takes off one side. */
const CUTS = [0.2, 0.35, 0.5];

/**
 * A candidate cut back from each side in turn (a quarter, a third, a half of it), each cut shrunk to the ink
 * left in it: where a label or another mark stuck to one side of a symbol made the candidate no symbol, one
 * of these is the symbol alone. Cuts smaller than `minSide` on their longer side are left out.
 */
export function trimmedBoxes(box: Box, ink: InkImage, minSide: number): Box[] {
  const [width, height] = [boxWidth(box), boxHeight(box)];
  const cuts = CUTS.flatMap((fraction): Box[] => {
    const [dx, dy] = [Math.round(fraction * width), Math.round(fraction * height)];
    return [
      { ...box, y0: box.y0 + dy },
      { ...box, y1: box.y1 - dy },
      { ...box, x0: box.x0 + dx },
      { ...box, x1: box.x1 - dx },
    ];
  });
  const seen = new Set<string>();
  return cuts.flatMap((cut) => {
    const tight = inkBox(cut, ink);
    if (!tight || Math.max(boxWidth(tight), boxHeight(tight)) < minSide) return [];
    const key = `${tight.x0},${tight.y0},${tight.x1},${tight.y1}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [tight];
  });
}

/**
 * Each piece of ink in a candidate alone (its connected parts within the box): a symbol grouped with a neighbour
 * whose box overlaps its own (a valve beside a flange's bar and the instrument stem above it). Pieces smaller
 * than `minSide` on their longer side, holding less than `minInkShare` of the candidate's ink, or nearly the
 * whole candidate, are left out.
 */
export function pieceBoxes(box: Box, { mask, width }: InkImage, minSide: number, minInkShare = 0): Box[] {
  const [w, h] = [boxWidth(box), boxHeight(box)];
  const inside = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) inside.set(mask.subarray((box.y0 + y) * width + box.x0, (box.y0 + y) * width + box.x0 + w), y * w);
  const pieces = connectedComponents(inside, w, h);
  const ink = pieces.reduce((sum, piece) => sum + piece.area, 0);
  return pieces.flatMap((piece): Box[] =>
    Math.max(boxWidth(piece), boxHeight(piece)) < minSide || piece.area < minInkShare * ink || boxArea(piece) > 0.8 * w * h
      ? []
      : [{ x0: box.x0 + piece.x0, y0: box.y0 + piece.y0, x1: box.x0 + piece.x1, y1: box.y0 + piece.y1 }],
  );
}

/** At least how much of a candidate's ink is left without a loose mark beside it (a letter by a valve). */
const UNMARKED_INK_SHARE = 0.7;

/**
 * A candidate without a loose mark beside it (a lone letter by a valve): a piece of it holding most of its ink,
 * where what it leaves touches no line (within `reach`): a junction dot the symbol hangs from, an actuator on its
 * stem, are parts of it.
 */
export function unmarkedBoxes(box: Box, ink: InkImage, minSide: number, lines: Box[], reach: number): Box[] {
  const pieces = pieceBoxes(box, ink, 1);
  const onLine = (piece: Box) => lines.some((line) => boxesTouch(line, piece, reach));
  return pieceBoxes(box, ink, minSide, UNMARKED_INK_SHARE).filter((kept) =>
    pieces.every((piece) => boxWithin(piece, kept) || !onLine(piece)),
  );
}

/**
 * How much of the ink of a candidate named a symbol, though unsurely, a cut of it keeps at the least to be read in its
 * place: a junction dot or a stub cut off leaves most of it; half a valve (one cone) is no symbol of its own.
 */
export const NAMED_CUT_INK_SHARE = 0.6;

/** Ink pixels inside `box` (on the page). */
export function inkIn(box: Box, { mask, width, height }: InkImage): number {
  let count = 0;
  for (let y = Math.max(0, box.y0); y <= Math.min(height - 1, box.y1); y++) {
    for (let x = Math.max(0, box.x0); x <= Math.min(width - 1, box.x1); x++) count += mask[y * width + x] ? 1 : 0;
  }
  return count;
}

/** The box of the ink inside `box`, or undefined where it holds none. */
export function inkBox(box: Box, { mask, width }: InkImage): Box | undefined {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (!mask[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1, y1 };
}

/** Where two symbols side by side along a candidate's longer axis may meet: at a third, a half, two thirds. */
const MEETS = [0.35, 0.5, 0.65];

/**
 * A candidate cut in two across its longer axis (two valves stacked on a short leg, taken as one), each part
 * shrunk to its ink: in the middle of each run of paper across it (between its outer fifths), and at a third,
 * a half and two thirds where symbols touch. Pairs with a part smaller than `minSide` on its longer side, or
 * without ink, are left out.
 */
export function cutInTwo(box: Box, ink: InkImage, minSide: number): Array<[Box, Box]> {
  const tall = boxHeight(box) > boxWidth(box);
  const [from, to] = tall ? [box.y0, box.y1] : [box.x0, box.x1];
  const length = to - from + 1;
  const inked = (at: number) => {
    const [lo, hi] = tall ? [box.x0, box.x1] : [box.y0, box.y1];
    for (let across = lo; across <= hi; across++) {
      const [x, y] = tall ? [across, at] : [at, across];
      if (ink.mask[y * ink.width + x]) return true;
    }
    return false;
  };
  const cuts = new Set(MEETS.map((fraction) => Math.round(from + fraction * length)));
  let paper = -1;
  for (let at = Math.ceil(from + 0.2 * length); at <= Math.floor(from + 0.8 * length) + 1; at++) {
    const blank = at <= from + 0.8 * length && !inked(at);
    if (blank && paper < 0) paper = at;
    if (!blank && paper >= 0) {
      cuts.add(Math.round((paper + at) / 2));
      paper = -1;
    }
  }
  const big = (part: Box | undefined): part is Box => part !== undefined && Math.max(boxWidth(part), boxHeight(part)) >= minSide;
  return [...cuts].flatMap((at): Array<[Box, Box]> => {
    const [first, second] = tall
      ? [inkBox({ ...box, y1: at - 1 }, ink), inkBox({ ...box, y0: at }, ink)]
      : [inkBox({ ...box, x1: at - 1 }, ink), inkBox({ ...box, x0: at }, ink)];
    return big(first) && big(second) ? [[first, second]] : [];
  });
}
