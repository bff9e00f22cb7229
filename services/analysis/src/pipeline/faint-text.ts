import { connectedComponents } from './components';
import { removeLines, type Segment } from './lines';
import { acrossRange, alongRange, findTextLines, maxTextSize, textLine, type TextLine } from './text-lines';

/** How many grey levels lighter than the page's ink threshold faint print is still taken (`binarize`'s lift). */
export const FAINT_LIFT = 25;

const along = (line: TextLine) => alongRange(line, line.orientation);
const across = (line: TextLine) => acrossRange(line, line.orientation);
const length = (line: TextLine) => along(line)[1] - along(line)[0];

/** Whether the faint line is the same text as `line`, only longer or as long: one band, and it holds the line. */
function holds(faint: TextLine, line: TextLine): boolean {
  if (faint.orientation !== line.orientation) return false;
  const [f0, f1] = across(faint);
  const [l0, l1] = across(line);
  const [heightF, heightL] = [f1 - f0 + 1, l1 - l0 + 1];
  if (Math.min(f1, l1) - Math.max(f0, l0) + 1 < 0.6 * Math.min(heightF, heightL) || heightF > 1.5 * heightL) return false;
  const [fStart, fEnd] = along(faint);
  const [lStart, lEnd] = along(line);
  return Math.min(fEnd, lEnd) - Math.max(fStart, lStart) + 1 >= 0.8 * (lEnd - lStart + 1);
}

/**
 * Scans print text lighter than their lines. At the page's ink threshold a long line number's grey characters
 * break into bits and whole characters vanish, so it is found in pieces or cut short. Found again in ink taken a
 * little lighter (`faintInk`: the page binarised with `FAINT_LIFT`), without the lines, a text runs as far as its
 * print does: the lines found at the page's threshold that such a faint line holds become one line as long as it.
 * Only texts already found grow; nothing new is taken for text.
 */
export function withFaintExtents(
  lines: TextLine[],
  faintInk: Uint8Array,
  width: number,
  height: number,
  segments: Segment[],
  unit: number,
  longFrom: number,
): TextLine[] {
  if (lines.length === 0) return lines;
  const faintRest = removeLines(faintInk, width, height, segments, longFrom);
  const faintLines = findTextLines(connectedComponents(faintRest, width, height), unit, maxTextSize(unit)).lines;
  const heldBy = new Map<TextLine, TextLine[]>();
  const kept: TextLine[] = [];
  for (const line of lines) {
    const longer = faintLines.filter((faint) => holds(faint, line)).sort((a, b) => length(b) - length(a))[0];
    if (!longer || length(longer) <= length(line) + 0.5 * line.size) {
      kept.push(line);
      continue;
    }
    heldBy.set(longer, [...(heldBy.get(longer) ?? []), line]);
  }
  const grown = [...heldBy].map(([faint, held]) => {
    const joined = textLine([...held.flatMap((line) => line.members), ...faint.members], faint.orientation);
    return { ...joined, size: Math.max(...held.map((line) => line.size)) };
  });
  return [...kept, ...grown];
}
