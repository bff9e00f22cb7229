import { boxHeight, boxWidth, containsPoint, unionBox, type Box } from './components';
import { segmentBox, segmentCenter, segmentLength, type Segment } from './lines';

/** What closes one end of a shell: a head drawn as a shape (a group of ink), or a straight line (a flat bottom). */
type Cap = { group: number } | { line: Segment };

export interface Shell {
  box: Box;
  /** A flat-backed arrow (an off-page connector), not a vessel. */
  connector: boolean;
  /** Groups that are the shell's heads. */
  heads: number[];
  /** Segments that are its sides and flat ends. */
  outline: Segment[];
  /** Which way its sides run, and from where to where along them (the heads lie beyond). */
  sides: { orientation: Segment['orientation']; start: number; end: number };
}

/** How wide a vessel's head is at most, against its shell (a nozzle or legs on it included). */
const MAX_HEAD_SPAN = 2;

/**
 * Vessels, tanks and columns whose straight sides are lines: two parallel segments closed at each end by
 * the same head (a dished head, a dome roof: a group spanning the sides) or by a line between them (a flat
 * bottom). At least one end is a head; four lines are a rectangle, found elsewhere.
 */
export function findShells(groups: Box[], segments: Segment[], unit: number): Shell[] {
  const tolerance = 2 * unit + 3;
  const solid = segments.filter((s) => !s.dashed);
  const groupAt = (s: Segment, end: 'start' | 'end') => {
    const c = segmentCenter(s);
    const [x, y] = s.orientation === 'horizontal' ? [s[end], c] : [c, s[end]];
    return groups.findIndex((g) => containsPoint(g, x, y, tolerance));
  };
  // A dished head's flattest part may be found as a line, leaving its two halves apart: they are one head.
  const halves = headHalves(groups, solid, groupAt, tolerance);
  const headOf = (group: number) => halves.get(group)?.head ?? group;
  const headBox = (head: number) => halves.get(head)?.box ?? groups[head];
  const capAt = (s: Segment, end: 'start' | 'end'): Cap | undefined => {
    const along = s[end];
    const c = segmentCenter(s);
    const line = solid.find(
      (p) =>
        p.orientation !== s.orientation &&
        Math.abs(segmentCenter(p) - along) <= tolerance &&
        p.start - tolerance <= c &&
        p.end + tolerance >= c,
    );
    const group = groupAt(s, end);
    // A group wholly past a flat end, and no wider than it (a tank's tag written under its bottom), is no head. A
    // flat end is a long line across the whole group (a stub cut between a side and its head, a pipe into the side
    // near its end, reach across no head).
    const past = (g: Box, flat: Segment) => {
      const [lo, hi, acrossLo, acrossHi] = s.orientation === 'horizontal' ? [g.x0, g.x1, g.y0, g.y1] : [g.y0, g.y1, g.x0, g.x1];
      const long = segmentLength(flat) > 2 * tolerance;
      const spans = flat.start - tolerance <= acrossLo && flat.end + tolerance >= acrossHi;
      return long && spans && (end === 'end' ? lo > segmentCenter(flat) : hi < segmentCenter(flat));
    };
    if (group >= 0 && !(line && past(groups[group], line))) return { group: headOf(group) };
    return line ? { line } : undefined;
  };
  const key = (cap: Cap) => ('group' in cap ? `g${cap.group}` : `s${segments.indexOf(cap.line)}`);
  const pairs = new Map<string, { sides: Segment[]; caps: [Cap, Cap] }>();
  for (const s of solid) {
    const a = capAt(s, 'start');
    const b = capAt(s, 'end');
    if (!a || !b || key(a) === key(b) || !('group' in a || 'group' in b)) continue;
    const id = `${key(a)}:${key(b)}:${s.orientation}`;
    const entry = pairs.get(id) ?? { sides: [], caps: [a, b] };
    entry.sides.push(s);
    pairs.set(id, entry);
  }
  const used = new Set<number>();
  const shells: Shell[] = [];
  for (const { sides, caps } of pairs.values()) {
    if (sides.length < 2) continue;
    const centres = sides.map(segmentCenter);
    const low = Math.min(...centres);
    const high = Math.max(...centres);
    const horizontal = sides[0].orientation === 'horizontal';
    // An off-page connector is an arrow: a flat back at one end (a line, or a bar where the back is too
    // short to be found as a line), a short point at the other.
    // A cap's extent along the sides (its depth) or across them (its span); a flat end's is none.
    const extent = (cap: Cap, along: boolean) => {
      if ('line' in cap) return 0;
      const g = headBox(cap.group);
      return horizontal === along ? boxWidth(g) : boxHeight(g);
    };
    const depth = (cap: Cap) => extent(cap, true);
    const flat = (cap: Cap) => depth(cap) <= 2 * unit + 2;
    const length = Math.max(...sides.map((side) => side.end - side.start));
    // A block arrow's head: wider than the short body it ends, as much past each side (a vessel's head is as wide
    // as its shell; a valve at the end of two pipes stands off to one side).
    const blockHead = (cap: Cap) => {
      if ('line' in cap || length > 4 * (high - low)) return false;
      const g = headBox(cap.group);
      const [from, to] = horizontal ? [g.y0, g.y1] : [g.x0, g.x1];
      return to - from >= 1.5 * (high - low) && Math.abs(from + to - low - high) / 2 <= 0.1 * (high - low);
    };
    // A point: shallow against the shape's width, or a block arrow's head.
    const pointed = (cap: Cap) => !flat(cap) && (depth(cap) <= 0.8 * (high - low) || blockHead(cap));
    // An arrow is longer than it is wide (a squat tank, its dome roof on a flat bottom, is none).
    const long = length >= high - low;
    // Small with a point at each end: an arrow with a notched back. Vessels are larger.
    const connector =
      (long && ((flat(caps[0]) && pointed(caps[1])) || (flat(caps[1]) && pointed(caps[0])))) ||
      (caps.every(pointed) && high - low < 10 * unit);
    // Vessels are large: small parallel strokes are a valve's end bars or a flange.
    if (!connector && (high - low < 10 * unit || sides.some((side) => side.end - side.start < 10 * unit))) continue;
    // A vessel's head spans its shell, a nozzle on it maybe: a "head" far wider is other symbols and their labels
    // glued to a box's end (a valve and a hose at a coupling drawn as a rectangle).
    if (!connector && caps.some((cap) => extent(cap, false) > MAX_HEAD_SPAN * (high - low))) continue;
    // A head spans the shell; a flat end runs from side to side (a pipe may leave along it).
    const closes = (cap: Cap) => {
      if ('group' in cap) {
        const g = headBox(cap.group);
        const [from, to] = horizontal ? [g.y0, g.y1] : [g.x0, g.x1];
        return !used.has(cap.group) && to - from >= 0.7 * (high - low);
      }
      return cap.line.start <= low + tolerance && cap.line.end >= high - tolerance;
    };
    if (!caps.every(closes)) continue;
    const heads = caps.flatMap((cap) => ('group' in cap ? [cap.group] : []));
    heads.forEach((head) => used.add(head));
    // A flat end counts between the sides only.
    const endBox = (line: Segment): Box => segmentBox({ ...line, start: Math.max(line.start, low), end: Math.min(line.end, high) });
    const parts: Box[] = [...sides.map(segmentBox), ...caps.map((cap) => ('group' in cap ? headBox(cap.group) : endBox(cap.line)))];
    const joined = heads.flatMap((head) => halves.get(head)?.parts ?? []);
    shells.push({
      box: parts.reduce((all, part) => unionBox(all, part)),
      connector,
      heads: [...heads, ...joined.map((part) => part.group)],
      outline: [...sides, ...caps.flatMap((cap) => ('line' in cap ? [cap.line] : [])), ...joined.flatMap((part) => part.lines)],
      sides: {
        orientation: sides[0].orientation,
        start: Math.min(...sides.map((side) => side.start)),
        end: Math.max(...sides.map((side) => side.end)),
      },
    });
  }
  return shells.filter(({ box }) => boxWidth(box) > 4 * unit && boxHeight(box) > 4 * unit);
}

/**
 * Pairs of groups that are the two halves of one head: as high as each other, higher than two tolerances, and
 * joined by a line found along the same outer edge of both (the head's flattest row, maybe found in pieces end to
 * end), no longer than they are wide together, not through their middles (a pipe between two valves) nor cut
 * between symbols (a stub). Keyed by both halves; the first names the head.
 */
function headHalves(groups: Box[], segments: Segment[], groupAt: (s: Segment, end: 'start' | 'end') => number, tolerance: number) {
  const halves = new Map<number, { head: number; box: Box; parts: Array<{ group: number; lines: Segment[] }> }>();
  const across = (s: Segment, g: Box): [number, number] => (s.orientation === 'horizontal' ? [g.y0, g.y1] : [g.x0, g.x1]);
  const along = (s: Segment, g: Box) => (s.orientation === 'horizontal' ? boxWidth(g) : boxHeight(g));
  const edgeOf = (s: Segment, g: Box) => {
    const [lo, hi] = across(s, g);
    if (hi - lo < 2 * tolerance) return undefined;
    const c = segmentCenter(s);
    return Math.abs(c - lo) <= tolerance ? 'low' : Math.abs(c - hi) <= tolerance ? 'high' : undefined;
  };
  for (const pieces of endToEnd(segments.filter((s) => !s.stub))) {
    const s = { ...pieces[0], end: pieces[pieces.length - 1].end };
    const [a, b] = [groupAt(s, 'start'), groupAt(s, 'end')];
    if (a < 0 || b < 0 || a === b || halves.has(a) || halves.has(b)) continue;
    // A head's flat part is short beside its halves; a vessel's side joins its two heads along their edges too.
    if (s.end - s.start > along(s, groups[a]) + along(s, groups[b])) continue;
    const edge = edgeOf(s, groups[a]);
    const [heightA, heightB] = [across(s, groups[a]), across(s, groups[b])].map(([lo, hi]) => hi - lo);
    if (!edge || edgeOf(s, groups[b]) !== edge || Math.max(heightA, heightB) > 1.3 * Math.min(heightA, heightB)) continue;
    const box = unionBox(groups[a], groups[b]);
    halves.set(a, { head: a, box, parts: [{ group: b, lines: pieces }] });
    halves.set(b, { head: a, box, parts: [] });
  }
  return halves;
}

/** Segments chained end to end on one line (a pixel or two apart, centres a pixel apart), each chain in order. */
function endToEnd(segments: Segment[]): Segment[][] {
  const chains: Segment[][] = [];
  // The chain last extended on each line, by orientation and rounded centre.
  const open = new Map<string, Segment[]>();
  const key = (s: Segment, offset: number) => `${s.orientation}:${Math.round(segmentCenter(s)) + offset}`;
  for (const s of [...segments].sort((a, b) => a.start - b.start)) {
    const chain = [-1, 0, 1]
      .map((offset) => open.get(key(s, offset)))
      .find((c) => c !== undefined && s.start > c[c.length - 1].end - 2 && s.start <= c[c.length - 1].end + 2);
    if (chain) chain.push(s);
    else chains.push([s]);
    open.set(key(s, 0), chain ?? chains[chains.length - 1]);
  }
  return chains;
}
