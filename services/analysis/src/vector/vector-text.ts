import type { PdfTextItem } from '@pid/platform/imaging';
import { pointsBox, unionBox, type Box } from '../pipeline/components';
import type { TextLine } from '../pipeline/text-lines';
import { normaliseTag } from '../pipeline/text-attachment';
import { parseLineNumber } from '../tags/line-number';

type Point = [number, number];

/** A text of the PDF's text layer, exact, as a line of the processed page (no pixels behind it). */
export interface VectorText {
  text: string;
  line: TextLine;
}

interface Word {
  text: string;
  /** Start and end of the baseline, and the reading direction (unit vector). */
  start: Point;
  end: Point;
  dir: Point;
  size: number;
  box: Box;
  orientation: TextLine['orientation'];
}

const SEPARATOR = /^[.\-/]$/;

function lerp(a: Point, b: Point, t: number): Point {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

/**
 * An item's words, placed by their share of its characters: CAD writes a label and its tag in one item
 * (`10HF01B1 RA 101`), and a tag is one word. Text turned by about 90° is vertical.
 */
function wordsOf(item: PdfTextItem, map: (point: Point) => Point): Word[] {
  const corners = item.corners.map(map) as [Point, Point, Point, Point];
  const [b0, b1, t1, t0] = corners;
  const length = Math.hypot(b1[0] - b0[0], b1[1] - b0[1]);
  const dir: Point = length > 0 ? [(b1[0] - b0[0]) / length, (b1[1] - b0[1]) / length] : [1, 0];
  const size = Math.hypot(t0[0] - b0[0], t0[1] - b0[1]) / 1.12;
  const orientation = Math.abs(dir[1]) > Math.abs(dir[0]) ? 'vertical' : 'horizontal';
  const words: Word[] = [];
  const chars = item.text.length;
  for (const match of item.text.matchAll(/\S+/g)) {
    const from = match.index / chars;
    const to = (match.index + match[0].length) / chars;
    const start = lerp(b0, b1, from);
    const end = lerp(b0, b1, to);
    words.push({
      text: match[0],
      start,
      end,
      dir,
      size,
      box: pointsBox([start, end, lerp(t0, t1, from), lerp(t0, t1, to)]),
      orientation,
    });
  }
  return words;
}

/** Whether `b` continues `a` on the same baseline, and the gap between them along it (in text heights). */
function follows(a: Word, b: Word): number | undefined {
  if (a.orientation !== b.orientation) return undefined;
  if (Math.max(a.size, b.size) > 1.5 * Math.min(a.size, b.size)) return undefined;
  const size = Math.min(a.size, b.size);
  const along = (b.start[0] - a.end[0]) * a.dir[0] + (b.start[1] - a.end[1]) * a.dir[1];
  const across = Math.abs((b.start[0] - a.end[0]) * -a.dir[1] + (b.start[1] - a.end[1]) * a.dir[0]);
  // Separators are drawn in a larger font on some exports: their baselines sit a little lower.
  if (across > 0.35 * Math.max(a.size, b.size) || along < -0.3 * size) return undefined;
  return along / size;
}

interface Run {
  words: Word[];
}

/**
 * The words that may follow each word: those starting within a cell of its end, from a grid of cells as
 * large as the largest text, so that a dense sheet's thousands of words are not compared pairwise.
 */
function successorsOf(words: Word[], isNext: (a: Word, b: Word) => boolean): Map<Word, Word[]> {
  const cell = words.reduce((largest, w) => Math.max(largest, w.size), 1);
  const key = (x: number, y: number) => `${x}:${y}`;
  const grid = new Map<string, Word[]>();
  for (const word of words) {
    const at = key(Math.floor(word.start[0] / cell), Math.floor(word.start[1] / cell));
    grid.set(at, [...(grid.get(at) ?? []), word]);
  }
  const successors = new Map<Word, Word[]>();
  for (const word of words) {
    const [cx, cy] = [Math.floor(word.end[0] / cell), Math.floor(word.end[1] / cell)];
    const near: Word[] = [];
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) near.push(...(grid.get(key(cx + dx, cy + dy)) ?? []));
    successors.set(
      word,
      near.filter((other) => other !== word && isNext(word, other)),
    );
  }
  return successors;
}

/** Joins words in reading order while `join` allows it. */
function chain(words: Word[], join: (last: Word, next: Word, gap: number) => boolean): Run[] {
  const runs: Run[] = [];
  const taken = new Set<Word>();
  // Reading order: along each word's own direction, so vertical text read bottom-up chains bottom-up.
  const ordered = [...words].sort((a, b) => a.start[1] - b.start[1] || a.start[0] - b.start[0]);
  const successors = successorsOf(ordered, (a, b) => {
    const gap = follows(a, b);
    return gap !== undefined && join(a, b, gap);
  });
  const followed = new Set([...successors.values()].flat());
  const starts = ordered.filter((w) => !followed.has(w));
  for (const first of [...starts, ...ordered]) {
    if (taken.has(first)) continue;
    const run: Run = { words: [first] };
    taken.add(first);
    for (;;) {
      const last = run.words[run.words.length - 1];
      const next = (successors.get(last) ?? [])
        .filter((w) => !taken.has(w))
        .sort((a, b) => (follows(last, a) ?? 0) - (follows(last, b) ?? 0))[0];
      if (!next) break;
      run.words.push(next);
      taken.add(next);
    }
    runs.push(run);
  }
  return runs;
}

function merged(words: Word[], separator: (a: Word, b: Word) => string): Word {
  const first = words[0];
  const last = words[words.length - 1];
  let text = first.text;
  for (let i = 1; i < words.length; i++) text += separator(words[i - 1], words[i]) + words[i].text;
  const box = words.map((w) => w.box).reduce(unionBox);
  return { ...first, text, end: last.end, box, size: Math.max(...words.map((w) => w.size)) };
}

const tagLike = (text: string) =>
  normaliseTag(text, { exact: true }) !== undefined || parseLineNumber(text) !== undefined || /[A-Z].*\d.*[.-]|[.-].*[A-Z]/i.test(text);

/**
 * The page's texts from its text layer, in processing pixels (`map` takes rendition pixels there).
 * Words that touch or are joined by a lone separator (`LR022` `.` `80150`) make one token; tokens a space
 * apart make a phrase, except that a tag or line number stands alone so it can name a symbol or a pipe.
 */
export function vectorTexts(items: PdfTextItem[], map: (point: Point) => Point): VectorText[] {
  const words = items.flatMap((item) => wordsOf(item, map));
  const tokens = chain(words, (a, b, gap) => gap <= 0.15 || ((SEPARATOR.test(a.text) || SEPARATOR.test(b.text)) && gap <= 0.6)).map((run) =>
    merged(run.words, () => ''),
  );
  const phrases = chain(tokens, (a, b, gap) => gap <= 0.75 && !tagLike(a.text) && !tagLike(b.text)).map((run) =>
    merged(run.words, () => ' '),
  );
  return phrases.map((phrase) => ({
    text: phrase.text,
    line: {
      x0: Math.floor(phrase.box.x0),
      y0: Math.floor(phrase.box.y0),
      x1: Math.ceil(phrase.box.x1),
      y1: Math.ceil(phrase.box.y1),
      orientation: phrase.orientation,
      size: phrase.size,
      members: [],
    },
  }));
}
