import { boxHeight, boxWidth, unionBox, type Box, type Component } from './components';

/** A line of text: characters side by side (horizontal) or stacked by a 90° turn (vertical). */
export interface TextLine extends Box {
  orientation: 'horizontal' | 'vertical';
  /** Character height: across the line. */
  size: number;
  members: Component[];
}

export interface TextLineResult {
  lines: TextLine[];
  /** The components that are not text: symbol parts. */
  rest: Component[];
}

type Orientation = TextLine['orientation'];

const across = (box: Box, orientation: Orientation) => (orientation === 'horizontal' ? boxHeight(box) : boxWidth(box));
const along = (box: Box, orientation: Orientation) => (orientation === 'horizontal' ? boxWidth(box) : boxHeight(box));
/** A box's extent across a line of the orientation, and along it. */
export const acrossRange = (box: Box, orientation: Orientation): [number, number] =>
  orientation === 'horizontal' ? [box.y0, box.y1] : [box.x0, box.x1];
export const alongRange = (box: Box, orientation: Orientation): [number, number] =>
  orientation === 'horizontal' ? [box.x0, box.x1] : [box.y0, box.y1];

/** The largest a character is across its line: twelve stroke widths (title lettering included). */
export const maxTextSize = (unit: number) => 12 * unit;

type Kind = 'character' | 'mark';

/**
 * Characters are small, neither long bars nor filled blobs (a thin stroke is an I or a 1); marks are
 * smaller (dots, hyphens, slashes) and only join characters beside them.
 */
function kindOf(c: Component, unit: number, maxSize: number): Kind | undefined {
  const w = boxWidth(c);
  const h = boxHeight(c);
  const size = Math.max(w, h);
  const short = Math.min(w, h);
  // Letters that touch make one wide component: only the short side is bounded by the text height.
  if (short > maxSize || size > 6 * maxSize || size < unit) return undefined;
  // Text is often far smaller than the pipes are thick: only specks a stroke wide are marks.
  if (size < Math.max(6, unit + 2)) return 'mark';
  const thin = short <= 1.5 * unit + 1;
  const fill = c.area / (w * h);
  if (thin) return size <= 12 * short && size <= maxSize ? 'character' : undefined;
  // A wide blob of touching letters is dense with strokes; an arc of a vessel head is not.
  if (size > maxSize) return fill >= 0.2 && fill < 0.75 ? 'character' : undefined;
  return fill < 0.75 && short / size >= 0.15 ? 'character' : undefined;
}

/**
 * How many letters a chain reads along its direction: those of about its usual size, one per place along it.
 * Letters side by side across it (a label's "NC" above a valve, chained to the valve as its marks) are no
 * column of letters.
 */
function letterCount(letters: Component[], orientation: Orientation): number {
  const usual = median(letters.map((m) => across(m, orientation)));
  const like = letters
    .filter((m) => across(m, orientation) <= 1.7 * usual && 1.7 * across(m, orientation) >= usual)
    .map((m) => alongRange(m, orientation))
    .sort((a, b) => a[0] - b[0]);
  let count = 0;
  let end = -Infinity;
  for (const [from, to] of like) {
    // A place along the line is taken until the letter there ends (overlap up to a third of a letter allowed).
    if (from > end - (to - from) / 3) count++;
    end = Math.max(end, to);
  }
  return count;
}

/** Two characters of one line: overlapping bands, similar heights, a gap no wider than a space. */
function neighbours(a: Component, b: Component, kinds: Map<Component, Kind>, orientation: Orientation, unit: number): boolean {
  const [a0, a1] = acrossRange(a, orientation);
  const [b0, b1] = acrossRange(b, orientation);
  const sizeA = across(a, orientation);
  const sizeB = across(b, orientation);
  const [aStart, aEnd] = alongRange(a, orientation);
  const [bStart, bEnd] = alongRange(b, orientation);
  const gap = Math.max(aStart, bStart) - Math.min(aEnd, bEnd);
  // A mark, or anything much smaller than its neighbour (a hyphen beside capitals), sits within its band.
  const markA = kinds.get(a) === 'mark' || sizeA * 1.7 < sizeB;
  const markB = kinds.get(b) === 'mark' || sizeB * 1.7 < sizeA;
  // Marks in a row (`"-` in `2"-P`) stay together; alone they never make a line.
  if (markA && markB) return gap <= 3 * unit && Math.min(a1, b1) >= Math.max(a0, b0) - 2 * unit;
  if (markA || markB) {
    const [mark0, mark1, char0, char1, size] = markA ? [a0, a1, b0, b1, sizeB] : [b0, b1, a0, a1, sizeA];
    return mark0 >= char0 - 0.2 * size && mark1 <= char1 + 0.2 * size && gap <= 0.75 * size;
  }
  const overlap = Math.min(a1, b1) - Math.max(a0, b0) + 1;
  if (overlap < 0.6 * Math.min(sizeA, sizeB)) return false;
  return gap <= Math.max(sizeA, sizeB);
}

/** Chains of neighbouring characters along one orientation (union–find over a sweep). */
function chains(items: Component[], kinds: Map<Component, Kind>, orientation: Orientation, unit: number): Component[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const start = (c: Component) => alongRange(c, orientation)[0];
  const order = items.map((_, i) => i).sort((a, b) => start(items[a]) - start(items[b]));
  for (let i = 0; i < order.length; i++) {
    const a = items[order[i]];
    const reach = alongRange(a, orientation)[1] + 1.7 * Math.max(across(a, orientation), along(a, orientation));
    for (let j = i + 1; j < order.length; j++) {
      const b = items[order[j]];
      if (start(b) > reach) break;
      if (neighbours(a, b, kinds, orientation, unit)) parent[find(order[i])] = find(order[j]);
    }
  }
  const groups = new Map<number, Component[]>();
  items.forEach((item, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), item]));
  return [...groups.values()];
}

/** Whether horizontal line `upper` stands right over `lower`: the next line up, sharing most of its width. */
export function stackedOver(upper: TextLine, lower: TextLine): boolean {
  if (upper === lower || upper.orientation !== 'horizontal' || lower.orientation !== 'horizontal') return false;
  const gap = lower.y0 - upper.y1;
  const shared = Math.min(upper.x1, lower.x1) - Math.max(upper.x0, lower.x0);
  return gap >= -0.3 * lower.size && gap <= lower.size && shared >= 0.5 * Math.min(upper.x1 - upper.x0, lower.x1 - lower.x0);
}

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A line of text from its members: their box and their median height across the line. */
export function textLine(members: Component[], orientation: Orientation): TextLine {
  const box = members.reduce<Box>((all, m) => unionBox(all, m), members[0]);
  return { ...box, orientation, size: median(members.map((m) => across(m, orientation))), members };
}

/**
 * Separates text from symbols: characters are small components that line up with neighbours of the same
 * height, horizontally or (turned text) vertically. A line needs two characters; a lone letter stays with
 * the symbols. Punctuation (dots, hyphens) joins the line it sits in.
 */
export function findTextLines(components: Component[], unit: number, maxTextSize: number): TextLineResult {
  const kinds = new Map<Component, Kind>();
  for (const c of components) {
    const kind = kindOf(c, unit, maxTextSize);
    if (kind) kinds.set(c, kind);
  }
  const pool = [...kinds.keys()];
  const characters = (chain: Component[]) => chain.filter((m) => kinds.get(m) === 'character');
  const found = {
    horizontal: chains(pool, kinds, 'horizontal', unit).filter((chain) => characters(chain).length >= 2),
    vertical: chains(pool, kinds, 'vertical', unit).filter((chain) => characters(chain).length >= 2),
  };
  // Each component joins the longer of its two chains (a column of stacked letters is not a word).
  const best = new Map<Component, { score: number; orientation: Orientation }>();
  for (const orientation of ['horizontal', 'vertical'] as const) {
    for (const chain of found[orientation]) {
      const score = letterCount(characters(chain), orientation) + along(textLine(chain, orientation), orientation) / 1e6;
      for (const member of chain) {
        const current = best.get(member);
        if (!current || score > current.score) best.set(member, { score, orientation });
      }
    }
  }
  const oriented = (chain: Component[], orientation: Orientation) => chain.filter((m) => best.get(m)?.orientation === orientation);
  // The sheet's usual letter height: the median of its lines' (of three letters or more).
  const usualLetter = median(
    (['horizontal', 'vertical'] as const).flatMap((orientation) =>
      found[orientation]
        .map((chain) => characters(oriented(chain, orientation)))
        .filter((letters) => letters.length >= 3)
        .map((letters) => median(letters.map((m) => across(m, orientation)))),
    ),
  );
  const lines: TextLine[] = [];
  for (const orientation of ['horizontal', 'vertical'] as const) {
    for (const chain of found[orientation]) {
      const chained = oriented(chain, orientation);
      // A "letter" more than twice the usual height is a symbol's part the text chained through (an
      // exchanger's head beside its tag, a valve between its tag and its actuator). Without it, what it
      // alone held together falls apart.
      const kept = usualLetter > 0 ? chained.filter((m) => across(m, orientation) <= 2 * usualLetter) : chained;
      for (const members of kept.length < chained.length ? chains(kept, kinds, orientation, unit) : [kept]) {
        const letters = characters(members);
        if (letters.length < 2) continue;
        const line = textLine(members, orientation);
        line.size = median(letters.map((m) => across(m, orientation)));
        // A row of flat bars (a hatch, a grid) is not text: letters are not thin across the line.
        const flat = letters.filter((m) => across(m, orientation) <= 1.5 * unit + 1);
        if (flat.length >= 0.5 * letters.length) continue;
        lines.push(line);
      }
    }
  }
  // A sheet's text comes in a few heights; "letters" far taller than most (an exchanger's tubes, a
  // cooler's fins in a row) are symbol parts.
  const usual = median(lines.filter((line) => characters(line.members).length >= 3).map((line) => line.size));
  const text = usual > 0 ? lines.filter((line) => line.size <= 2 * usual) : lines;
  const inText = new Set(text.flatMap((line) => line.members));
  const joined = joinPieces(
    text,
    pool.filter((c) => !inText.has(c)),
  );
  const inJoined = new Set(joined.flatMap((line) => line.members));
  joined.push(
    ...stackedLetters(
      joined,
      pool.filter((c) => kinds.get(c) === 'character' && !inJoined.has(c)),
      kinds,
      unit,
    ),
  );
  const inStacks = new Set(joined.flatMap((line) => line.members));
  const lined = withEndCapitals(
    joined,
    components.filter((c) => !inStacks.has(c)),
    maxTextSize,
  );
  const inLine = new Set(lined.flatMap((line) => line.members));
  return { lines: lined, rest: components.filter((c) => !inLine.has(c)) };
}

/**
 * Capitals too wide for a character (more than `maxTextSize` across, less than half as much again: the C and A of
 * lettering taller than twelve strokes, `C-052-36A`, whose digits pass as characters by their fill) at either end of
 * a line: as tall as its letters (within a sixth), in its band, no wider than tall, filled like a letter, and a space
 * and a half from it at most, with nothing between but small marks (its hyphen). The line takes them in, and the
 * marks.
 */
function withEndCapitals(lines: TextLine[], loose: Component[], maxTextSize: number): TextLine[] {
  // Too wide for a character by less than half as much again, filled like a letter: the same for every line.
  const wide = loose.filter((c) => {
    const short = Math.min(boxWidth(c), boxHeight(c));
    const fill = c.area / (boxWidth(c) * boxHeight(c));
    return short > maxTextSize && short <= 1.5 * maxTextSize && fill >= 0.2 && fill < 0.75;
  });
  const taken = new Set<Component>();
  return lines.map((line) => {
    const { orientation, size } = line;
    const [band0, band1] = acrossRange(line, orientation);
    const inBand = (c: Box) => {
      const [c0, c1] = acrossRange(c, orientation);
      return c1 >= band0 && c0 <= band1;
    };
    const capital = (c: Component) => {
      const [c0, c1] = acrossRange(c, orientation);
      const height = across(c, orientation);
      return Math.abs(height - size) <= size / 6 && along(c, orientation) <= height && c0 >= band0 - 0.2 * size && c1 <= band1 + 0.2 * size;
    };
    const small = (c: Box) => across(c, orientation) <= 0.5 * size && along(c, orientation) <= size;
    let members = line.members;
    for (let grown = true; grown;) {
      grown = false;
      const [start, end] = alongRange(textLine(members, orientation), orientation);
      for (const c of wide) {
        if (taken.has(c) || !capital(c)) continue;
        const [cStart, cEnd] = alongRange(c, orientation);
        const [from, to] = cStart > end ? [end, cStart] : cEnd < start ? [cEnd, start] : [0, -1];
        if (to < from || to - from > PIECE_GAP * size) continue;
        const between = loose.filter((m) => {
          const [mStart, mEnd] = alongRange(m, orientation);
          return m !== c && !taken.has(m) && mEnd > from && mStart < to && inBand(m);
        });
        if (!between.every(small)) continue;
        [c, ...between].forEach((m) => taken.add(m));
        members = [...members, c, ...between];
        grown = true;
      }
    }
    return members === line.members ? line : { ...textLine(members, orientation), size };
  });
}

/**
 * Lone characters between two lines of text stacked over them, centred on both and as tall as their letters, are a
 * line of their own: a bubble's letters between its area and its loop number (`052` / `FV` / `004A`), drawn so
 * close they touch and read as one character, or taken into a column with the letters above and below.
 */
function stackedLetters(lines: TextLine[], lone: Component[], kinds: Map<Component, Kind>, unit: number): TextLine[] {
  const horizontal = lines.filter((line) => line.orientation === 'horizontal');
  const centredOn = (word: TextLine, line: TextLine) => {
    const middle = (word.x0 + word.x1) / 2;
    const height = boxHeight(word);
    return middle >= line.x0 && middle <= line.x1 && height >= 0.7 * line.size && height <= 1.4 * line.size;
  };
  return chains(lone, kinds, 'horizontal', unit)
    .map((members) => textLine(members, 'horizontal'))
    .filter(
      (word) =>
        horizontal.some((above) => centredOn(word, above) && word.y0 - above.y1 >= 0 && word.y0 - above.y1 <= above.size) &&
        horizontal.some((below) => centredOn(word, below) && below.y0 - word.y1 >= 0 && below.y0 - word.y1 <= below.size),
    );
}

/** The widest gap along a line, in character heights, between two pieces of one text. */
const PIECE_GAP = 1.5;

/** The widest gap, in character heights, between two pieces with bits of characters between them. */
const BRIDGED_GAP = 5;

/**
 * Bits of characters (`loose`: a scan's broken hyphen, inch mark or digit) lying in the band between two
 * pieces of a line, `from` and `to` along it, that leave no gap wider than a space: the pieces' bridge.
 */
function bridge(loose: Component[], orientation: Orientation, [band0, band1]: [number, number], from: number, to: number, size: number) {
  const parts = loose
    .filter((c) => {
      const [c0, c1] = acrossRange(c, orientation);
      const [start, end] = alongRange(c, orientation);
      return c0 >= band0 - 0.2 * size && c1 <= band1 + 0.2 * size && start > from && end < to;
    })
    .sort((a, b) => alongRange(a, orientation)[0] - alongRange(b, orientation)[0]);
  let reached = from;
  for (const part of parts) {
    const [start, end] = alongRange(part, orientation);
    if (start - reached > PIECE_GAP * size) return undefined;
    reached = Math.max(reached, end);
  }
  return to - reached <= PIECE_GAP * size ? parts : undefined;
}

/**
 * Pieces of one text: lines of the same orientation and height, in one band, a little more than a space
 * apart, or further apart with bits of characters (`loose`) bridging the gap. A long line number breaks where
 * a hyphen or an inch mark is too faint to be found or broken into bits (scans), or where its characters touch
 * a stroke beside them.
 */
function joinPieces(lines: TextLine[], loose: Component[]): TextLine[] {
  const parent = lines.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const bridges = new Map<number, Component[]>();
  lines.forEach((a, i) => {
    for (let j = i + 1; j < lines.length; j++) {
      const b = lines[j];
      if (a.orientation !== b.orientation) continue;
      const [a0, a1] = acrossRange(a, a.orientation);
      const [b0, b1] = acrossRange(b, b.orientation);
      const [heightA, heightB] = [a1 - a0 + 1, b1 - b0 + 1];
      if (Math.max(heightA, heightB) > 1.5 * Math.min(heightA, heightB)) continue;
      // Character heights differ between lines of different text, or where a scan broke a short piece's
      // letters into bits (then its band is still as high as the other's).
      const sameBand = Math.max(heightA, heightB) <= 1.2 * Math.min(heightA, heightB);
      if (!sameBand && Math.max(a.size, b.size) > 1.4 * Math.min(a.size, b.size)) continue;
      if (Math.min(a1, b1) - Math.max(a0, b0) + 1 < 0.6 * Math.min(heightA, heightB)) continue;
      const [aStart, aEnd] = alongRange(a, a.orientation);
      const [bStart, bEnd] = alongRange(b, b.orientation);
      const size = Math.max(a.size, b.size);
      const gap = Math.max(aStart, bStart) - Math.min(aEnd, bEnd);
      if (gap <= PIECE_GAP * size) parent[find(i)] = find(j);
      else if (gap <= BRIDGED_GAP * size) {
        const band: [number, number] = [Math.min(a0, b0), Math.max(a1, b1)];
        const parts = bridge(loose, a.orientation, band, Math.min(aEnd, bEnd), Math.max(aStart, bStart), size);
        if (!parts) continue;
        parent[find(i)] = find(j);
        bridges.set(i, [...(bridges.get(i) ?? []), ...parts]);
      }
    }
  });
  const groups = new Map<number, number[]>();
  lines.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  return [...groups.values()].map((indices) => {
    const pieces = indices.map((i) => lines[i]);
    if (pieces.length === 1) return pieces[0];
    const joined = textLine(
      [...new Set([...pieces.flatMap((piece) => piece.members), ...indices.flatMap((i) => bridges.get(i) ?? [])])],
      pieces[0].orientation,
    );
    return { ...joined, size: median(pieces.map((piece) => piece.size)) };
  });
}
