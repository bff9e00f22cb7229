import { joinBentDashes, type DashRun } from './bent-dashes';
import { boxArea, boxHeight, boxWidth, type Component, type InkImage } from './components';
import { segmentBox, type Segment } from './lines';

/**
 * Dashed and dotted lines whose dashes are too short or too far apart for the row scan: free-standing
 * small bars (or dots) in a row along one axis, evenly spaced, of one thickness. Signal lines of most
 * drawings look like this. `ink` is what line removal left; `page`, the whole page's ink, tells whether two
 * dashes alone run between two things.
 */
export function findDashChains(
  components: Component[],
  unit: number,
  ink: InkImage,
  stubs: Segment[] = [],
  page?: InkImage,
): { segments: Segment[]; dashes: Set<Component>; stubs: Set<Segment> } {
  const maxThickness = 1.5 * unit + 2;
  const runs: DashRun[] = [];
  const dashes = new Set<Component>();
  // A line's end dashes may touch what it meets and be cut as stubs: they end a chain, never stand inside one (a
  // stub between two others is a pipe's piece between symbols).
  const stubOf = new Map<Component, Segment>();
  for (const stub of stubs) {
    const box = segmentBox(stub);
    stubOf.set({ ...box, area: boxArea(box), meanRadius: 0, radiusDeviation: 0 }, stub);
  }
  const isStub = (c: Component) => stubOf.has(c);
  const chainStubs = new Set<Segment>();
  for (const orientation of ['horizontal', 'vertical'] as const) {
    const horizontal = orientation === 'horizontal';
    const length = (c: Component) => (horizontal ? boxWidth(c) : boxHeight(c));
    const thickness = (c: Component) => (horizontal ? boxHeight(c) : boxWidth(c));
    const start = (c: Component) => (horizontal ? c.x0 : c.y0);
    const end = (c: Component) => (horizontal ? c.x1 : c.y1);
    const centre = (c: Component) => (horizontal ? (c.y0 + c.y1) / 2 : (c.x0 + c.x1) / 2);
    const stubPieces = [...stubOf].filter(([, stub]) => stub.orientation === orientation).map(([piece]) => piece);
    const candidates = [...components, ...stubPieces]
      .filter((c) => !dashes.has(c) && thickness(c) <= maxThickness && length(c) >= thickness(c) && length(c) <= 20 * unit)
      .filter((c) => c.area >= 0.6 * length(c) * thickness(c))
      .sort((a, b) => start(a) - start(b));
    const taken = new Set<Component>();
    for (let i = 0; i < candidates.length; i++) {
      const first = candidates[i];
      if (taken.has(first)) continue;
      const chain = [first];
      let last = first;
      let widest = 0;
      for (let j = i + 1; j < candidates.length; j++) {
        const next = candidates[j];
        if (start(next) <= end(last) || taken.has(next)) continue;
        const gap = start(next) - end(last);
        if (gap > Math.max(3 * length(last), 6 * unit)) {
          if (start(next) - end(last) > 40 * unit) break;
          continue;
        }
        if (Math.abs(centre(next) - centre(last)) > 0.6 * unit + 1) continue;
        if (Math.abs(thickness(next) - thickness(last)) > unit) continue;
        // A wider gap than the pattern's ends this line (it meets a symbol or a junction there).
        if (chain.length >= 2 && gap > 2 * widest + 2 * unit) break;
        widest = Math.max(widest, gap);
        chain.push(next);
        last = next;
      }
      // The pattern ends where the next piece breaks it (a symbol's strokes past the line's end).
      while (chain.length > 3 && !regular(chain, start, end, unit)) chain.pop();
      if (chain.slice(1, -1).some(isStub)) continue;
      const pair = chain.length === 2 && !chain.some(isStub) && page !== undefined && anchoredPair(chain, orientation, page, unit);
      if (!pair && !regular(chain, start, end, unit)) continue;
      chain.forEach((c) => taken.add(c));
      chain.forEach((c) => (isStub(c) ? chainStubs.add(stubOf.get(c)!) : dashes.add(c)));
      const across = chain.map(centre).reduce((sum, value) => sum + value, 0) / chain.length;
      const half = Math.max(...chain.map(thickness)) / 2;
      // The pattern may stop a gap short of the symbol it runs to: the line reaches one gap further.
      const gaps = chain.slice(1).map((c, k) => start(c) - end(chain[k]));
      const reach = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
      runs.push({
        segment: {
          orientation,
          start: start(chain[0]) - reach,
          end: end(chain[chain.length - 1]) + reach,
          lo: Math.round(across - half),
          hi: Math.round(across + half),
          dashed: true,
        },
        reach,
      });
    }
  }
  const joined = joinBentDashes(
    runs,
    components,
    dashes,
    stubs.filter((stub) => !chainStubs.has(stub)),
    unit,
    ink,
  );
  for (const stub of chainStubs) joined.stubs.add(stub);
  return joined;
}

/** Enough dashes (dots need more), of like lengths or dash-dot, with like gaps. */
function regular(chain: Component[], start: (c: Component) => number, end: (c: Component) => number, unit: number): boolean {
  const lengths = chain.map((c) => end(c) - start(c) + 1);
  const dots = Math.max(...lengths) <= 2 * unit + 1;
  if (chain.length < (dots ? 5 : 3)) return false;
  const gaps = chain.slice(1).map((c, i) => start(c) - end(chain[i]) - 1);
  if (!alike(gaps, 2 * unit)) return false;
  // The end dashes may be cut short where the line meets a symbol.
  const inner = lengths.length > 3 ? lengths.slice(1, -1) : lengths;
  return alike(inner, unit) || dashDot(lengths, unit);
}

/** No value over two and a half times the least, give or take `slack`. */
const alike = (values: number[], slack: number) => Math.max(...values) <= 2.5 * Math.min(...values) + slack;

/**
 * A dash-dot or dash-dot-dot line (`— · —`, `— · · —`): dashes of like length with the same one or two dots between
 * each two. An end piece may be a dash cut short where the line meets a symbol, read as a dot.
 */
function dashDot(lengths: number[], unit: number): boolean {
  const longest = Math.max(...lengths);
  const isDot = (length: number) => length <= Math.max(2 * unit + 1, longest / 3);
  const dashAt = lengths.flatMap((length, i) => (isDot(length) ? [] : [i]));
  if (dashAt.length < 2) return false;
  const between = dashAt.slice(1).map((at, k) => at - dashAt[k] - 1);
  const dots = between[0];
  if (dots < 1 || dots > 2 || between.some((n) => n !== dots)) return false;
  if (dashAt[0] > dots + 1 || lengths.length - 1 - dashAt[dashAt.length - 1] > dots + 1) return false;
  // The end dashes may be cut short, never longer: the inner ones set the length where there are any.
  const dashes = dashAt.map((i) => lengths[i]);
  const inner = dashAt.filter((i) => i > 0 && i < lengths.length - 1).map((i) => lengths[i]);
  const typical = inner.length > 0 ? inner : dashes;
  return alike(typical, unit) && Math.max(...dashes) <= 2.5 * Math.min(...typical) + unit;
}

/**
 * Two dashes alone are a line where it is short, between two things a gap's length off each end (a
 * controller's bubble and the actuator it drives): dashes of like length, each three strokes long at least,
 * with ink on the axis a gap beyond each end and none nearer, and none between them (not the halves of a
 * bar a pipe crossed). Letters side by side have no such ends.
 */
function anchoredPair([a, b]: Component[], orientation: 'horizontal' | 'vertical', page: InkImage, unit: number): boolean {
  const horizontal = orientation === 'horizontal';
  const span = (c: Component): [number, number] => (horizontal ? [c.x0, c.x1] : [c.y0, c.y1]);
  const [[a0, a1], [b0, b1]] = [span(a), span(b)];
  const [lengthA, lengthB] = [a1 - a0 + 1, b1 - b0 + 1];
  const thickness = Math.max(horizontal ? boxHeight(a) : boxWidth(a), horizontal ? boxHeight(b) : boxWidth(b));
  if (Math.min(lengthA, lengthB) < Math.max(3 * thickness, 3 * unit)) return false;
  if (Math.max(lengthA, lengthB) > 1.5 * Math.min(lengthA, lengthB) + unit) return false;
  const gap = b0 - a1 - 1;
  const centre = Math.round(horizontal ? (a.y0 + a.y1 + b.y0 + b.y1) / 4 : (a.x0 + a.x1 + b.x0 + b.x1) / 4);
  const inked = (along: number) => {
    for (let across = centre - unit; across <= centre + unit; across++) {
      const [x, y] = horizontal ? [along, across] : [across, along];
      if (x >= 0 && y >= 0 && x < page.width && y < page.height && page.mask[y * page.width + x]) return true;
    }
    return false;
  };
  // The first ink beyond an end, within a gap and a half.
  const reach = Math.ceil(1.5 * gap + 2 * unit);
  const beyond = (from: number, step: number) => {
    for (let d = 0; d <= reach; d++) if (inked(from + step * (d + 1))) return d;
    return Infinity;
  };
  // The gap is paper on the page too: no line crossed there and was removed.
  if (gap < 2 * unit + 1) return false;
  for (let along = a1 + 1; along < b0; along++) if (inked(along)) return false;
  const near = 0.5 * gap - unit;
  return beyond(a0, -1) >= near && beyond(a0, -1) <= reach && beyond(b1, 1) >= near && beyond(b1, 1) <= reach;
}
