import { createRequire } from 'node:module';
import type { Box, Point } from './geometry';

/**
 * Single-stroke lettering as CAD plotters draw it (AutoCAD's SHX "txt"/"simplex" look): the Hershey fonts from the
 * `hersheytext` npm package (MIT; the Hershey glyph data is free to use with the credit its README gives). Each glyph
 * is polylines, so the truth box of a string is exact.
 */
export type StrokeFontName = 'futural' | 'futuram' | 'timesr';

interface Glyph {
  strokes: Point[][];
  advance: number;
}

/** Hershey units: capitals run from y = 1 to the baseline at y = 22. */
const CAP_TOP = 1;
const BASELINE = 22;
const CAP_HEIGHT = BASELINE - CAP_TOP;
/** Lowest point of a descender, below the baseline. */
const DESCENT = 7;
/** An em of these fonts (the cap height is 0.72 em, as in Helvetica), so sizes match the PDF fonts'. */
const EM = CAP_HEIGHT / 0.72;

const fonts = new Map<StrokeFontName, (Glyph | undefined)[]>();

function glyphs(name: StrokeFontName): (Glyph | undefined)[] {
  let table = fonts.get(name);
  if (!table) {
    const data = createRequire(__filename)('hersheytext/hersheytext.json') as Record<
      string,
      { chars: { d: string; o: string | number }[] }
    >;
    table = data[name].chars.map(parseGlyph);
    fonts.set(name, table);
  }
  return table;
}

function parseGlyph(char: { d: string; o: string | number }): Glyph {
  const strokes: Point[][] = [];
  for (const part of char.d.split('M').filter((piece) => piece.trim())) {
    const points = part
      .replace('L', ' ')
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(',').map(Number) as Point);
    strokes.push(points);
  }
  return { strokes, advance: Number(char.o) * 2 };
}

const SPACE_ADVANCE = 16;

/** The strokes of `text` at font size `size` px, baseline starting at (x, y), reading left to right or bottom to top. */
export function strokeText(text: string, x: number, y: number, size: number, font: StrokeFontName, vertical = false): Point[][] {
  const scale = size / EM;
  const table = glyphs(font);
  const strokes: Point[][] = [];
  let pen = 0;
  for (const char of text) {
    const glyph = table[char.charCodeAt(0) - 33];
    if (glyph) {
      for (const stroke of glyph.strokes) {
        strokes.push(
          stroke.map(([gx, gy]) => {
            const along = (pen + gx) * scale;
            const up = (BASELINE - gy) * scale;
            return vertical ? ([x - up, y - along] as Point) : ([x + along, y - up] as Point);
          }),
        );
      }
    }
    pen += glyph ? glyph.advance : SPACE_ADVANCE;
  }
  return strokes;
}

export function strokeTextMetrics(text: string, size: number, font: StrokeFontName): { width: number; ascent: number; descent: number } {
  const table = glyphs(font);
  let pen = 0;
  for (const char of text) pen += table[char.charCodeAt(0) - 33]?.advance ?? SPACE_ADVANCE;
  const scale = size / EM;
  return { width: pen * scale, ascent: (BASELINE - CAP_TOP + 1) * scale, descent: /[gjpqy,;()[\]{}|_]/.test(text) ? DESCENT * scale : 0 };
}

/** The box of strokes with a pen `width` wide. */
export function strokesBox(strokes: Point[][], width: number): Box {
  const xs = strokes.flat().map((point) => point[0]);
  const ys = strokes.flat().map((point) => point[1]);
  return [Math.min(...xs) - width / 2, Math.min(...ys) - width / 2, Math.max(...xs) + width / 2, Math.max(...ys) + width / 2];
}
