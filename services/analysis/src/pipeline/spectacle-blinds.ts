import { boxHeight, boxWidth, runAlong, type Box, type Component, type InkImage } from './components';
import { hubDepth } from './flange-faces';
import { indexAlong, segmentCenter, type Segment } from './lines';

export interface SpectacleBlind {
  box: Box;
  /** The stem runs up and down the page, across a horizontal pipe. */
  upright: boolean;
  /** Where the stem's axis is across it, and where the pipe's is along it: the plate. */
  stemAt: number;
  pipeAt: number;
  /** The circles' radius. */
  radius: number;
  /** Drawn on the pipe itself (the pipe through its second circle), not on a stem beside it: no flanges of its own. */
  onPipe: boolean;
}

/**
 * Spectacle blinds drawn as a figure 8 on a stem (ISO 10628, ISA): two circles in a row (the second up to a third
 * smaller), touching, one or both filled or ringed, and a stem on from them along the same axis to the pipe, where it is the plate between the
 * flanges. Found among the ink components left after line removal (`components`), tested on the whole ink (`ink`,
 * where the stem and plate may have been taken for lines). The box runs from the far circle's edge to the end of the
 * stem past the pipe, as wide as a circle.
 */
export function findSpectacleBlinds(components: Component[], ink: InkImage, pipes: Segment[], unit: number): SpectacleBlind[] {
  const found: SpectacleBlind[] = [];
  for (const component of components) {
    const [w, h] = [boxWidth(component), boxHeight(component)];
    const upright = h > w;
    const across = upright ? w : h;
    // Bigger than a digit 8 of a note's text.
    if (across < 6 * unit || across > 16 * unit || Math.max(w, h) < 1.6 * across) continue;
    const r = across / 2;
    const mid = upright ? (component.x0 + component.x1) / 2 : (component.y0 + component.y1) / 2;
    const [from, to] = upright ? [component.y0, component.y1] : [component.x0, component.x1];
    for (const step of [1, -1]) {
      const end = step > 0 ? from : to;
      const at = (along: number): [number, number] => (upright ? [mid, along] : [along, mid]);
      // Drawn circles come out a little oval: each centre is looked for near where it would be.
      const first = near(end + step * r, 0.2 * r, (centre) => circleAt(ink, at(centre), r));
      if (first === undefined) continue;
      // The other circle may be drawn smaller (a ring beside a filled blank).
      let second: number | undefined;
      let r2 = r;
      for (const share of [1, 0.85, 0.7]) {
        r2 = share * r;
        second = near(first + step * 0.95 * (r + r2), 0.4 * r2, (centre) => circleAt(ink, at(centre), r2));
        if (second !== undefined) break;
      }
      if (second === undefined) continue;
      const stemEnd = runAlong(ink, upright, mid, second + step * (r2 + unit), step, 4 * across);
      const [lo, hi] = step > 0 ? [end, stemEnd] : [stemEnd, end];
      // The pipe crosses the stem (a line across the axis meets it, or stops at the flanges either side of it), or
      // the second circle where the blind is drawn on the pipe itself.
      const crossing = (lowest: number, highest: number) =>
        pipes.find(
          (line) =>
            !line.dashed &&
            (line.orientation === 'horizontal') === upright &&
            line.start <= mid + r + unit &&
            line.end >= mid - r - unit &&
            segmentCenter(line) >= lowest &&
            segmentCenter(line) <= highest,
        );
      const stem = Math.abs(stemEnd - second) - r2;
      const [stemFrom, stemTo] = step > 0 ? [second + r2, stemEnd] : [stemEnd, second - r2];
      const stemPipe = stem >= 0.5 * r ? crossing(stemFrom - unit, stemTo + unit) : undefined;
      const pipe = stemPipe ?? crossing(second - 0.5 * r2, second + 0.5 * r2);
      if (!pipe) continue;
      const box = upright ? { x0: component.x0, x1: component.x1, y0: lo, y1: hi } : { x0: lo, x1: hi, y0: component.y0, y1: component.y1 };
      found.push({ box, upright, stemAt: mid, pipeAt: segmentCenter(pipe), radius: r, onPipe: !stemPipe });
      break;
    }
  }
  return found;
}

/** The position within `spread` of `around`, nearest first, that passes `test`. */
function near(around: number, spread: number, test: (at: number) => boolean): number | undefined {
  for (let offset = 0; offset <= spread; offset++) {
    for (const at of offset === 0 ? [around] : [around - offset, around + offset]) if (test(Math.round(at))) return Math.round(at);
  }
  return undefined;
}

/**
 * Whether a circle of radius `r` (or a little less) is drawn round `centre`, ringed or filled: along nearly every ray
 * from it the ink ends at that radius (a triangle's or a square's edge is nearer or further along some), and paper
 * lies at the corners of its square.
 */
function circleAt({ mask, width, height }: InkImage, [cx, cy]: [number, number], r: number): boolean {
  const inked = (x: number, y: number) => {
    const [px, py] = [Math.round(x), Math.round(y)];
    return px >= 0 && py >= 0 && px < width && py < height && mask[py * width + px] === 1;
  };
  const corner = 0.85 * r;
  if ([-1, 1].some((sx) => [-1, 1].some((sy) => inked(cx + sx * corner, cy + sy * corner)))) return false;
  const samples = 72;
  let round = 0;
  for (let i = 0; i < samples; i++) {
    const [dx, dy] = [Math.cos((2 * Math.PI * i) / samples), Math.sin((2 * Math.PI * i) / samples)];
    // The outermost ink out from half the radius (a ring inside the circle, a dot, do not count).
    let edge = -1;
    for (let d = Math.floor(0.5 * r); d <= 1.3 * r; d++) if (inked(cx + d * dx, cy + d * dy)) edge = d;
    if (edge >= 0.85 * r - 1 && edge <= r + 1.5) round++;
  }
  // Where the stem and the other circle meet it, the ink runs on.
  return round >= 0.7 * samples;
}

/**
 * The flanges bolted either side of a blind's plate: on each side the outermost bar across the pipe within reach,
 * thin and with the pipe alone beyond it (a valve's wide end, its body running on, is none), boxed with its hub
 * behind it away from the plate (`hubDepth`), as far across as its ink reaches.
 */
export function flangesBeside({ upright, stemAt, pipeAt, radius, onPipe }: SpectacleBlind, ink: InkImage, unit: number): Box[] {
  // A circle's sides on the pipe would read as bars.
  if (onPipe) return [];
  // Along the pipe and across it; the pipe is horizontal where the stem is upright.
  const index = indexAlong(ink.width, upright);
  const [alongLimit, acrossLimit] = upright ? [ink.width, ink.height] : [ink.height, ink.width];
  const inked = (along: number, across: number) =>
    along >= 0 && across >= 0 && along < alongLimit && across < acrossLimit && ink.mask[index(along, across)] === 1;
  const reach = Math.round(radius + 2 * unit);
  const [pipe, plate] = [Math.round(pipeAt), Math.round(stemAt)];
  // Ink across the pipe at a point along it, off the pipe's own stroke.
  const span = (along: number) => {
    let count = 0;
    for (let across = pipe - reach; across <= pipe + reach; across++) if (Math.abs(across - pipe) > unit && inked(along, across)) count++;
    return count;
  };
  const full = 0.7 * radius;
  const faces: Box[] = [];
  for (const step of [1, -1]) {
    // Where the plate's own stroke across the pipe ends (at the stem's axis where the stem stops at the pipe).
    let plateEnd = plate;
    while (span(plateEnd + step) >= full && Math.abs(plateEnd - plate) <= reach) plateEnd += step;
    // The outermost bar within reach beyond it (bars nearer the plate are the blind's own strokes).
    let along = plate + step * reach;
    while (span(along) < full && along !== plateEnd) along -= step;
    if (along === plateEnd) continue;
    const barTo = along;
    while (span(along - step) >= full && along - step !== plateEnd) along -= step;
    const barFrom = along;
    if (Math.abs(barTo - barFrom) + 1 > 2 * unit + 1 || span(barTo + step * (unit + 1)) > 0.3 * full) continue;
    let [lo, hi] = [pipe, pipe];
    for (let across = pipe - reach; across <= pipe + reach; across++) {
      if (!inked(barFrom, across)) continue;
      [lo, hi] = [Math.min(lo, across), Math.max(hi, across)];
    }
    const hub = hubDepth(Math.abs(barFrom - plate), hi - lo + 1);
    const [from, to] = step > 0 ? [barFrom, barTo + hub] : [barTo - hub, barFrom];
    faces.push(upright ? { x0: from, x1: to, y0: lo, y1: hi } : { x0: lo, x1: hi, y0: from, y1: to });
  }
  return faces;
}
