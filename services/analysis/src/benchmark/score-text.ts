import type { TruthSheet, TruthText } from './ground-truth';
import { coverage, iou } from './geometry';
import { parseIsaTag } from '../tags/isa-tag';
import type { PredictedElement } from './predictions';

export interface TextScore {
  /** Truth texts, and how many a text-carrying prediction covers. */
  detection: { truth: number; found: number };
  /** Truth tags (symbols' tags, texts of role tag / line_number), and how many are read exactly. */
  tags: { truth: number; exact: number };
}

/** Case, whitespace and the separators `-`, `_`, `.` do not count: `fic-101` = `FIC 101` = `FIC101`. */
export function normaliseTag(value: string): string {
  return value.toUpperCase().replace(/[\s\-_.]/g, '');
}

/** A loop number alone: DEXPI keeps an instrument's number apart from its letters. */
const LOOP_NUMBER = /^\d+[A-Z]?$/;

/**
 * Whether a predicted name reads a truth tag: the same tag, or for a bare loop number an instrument tag of that
 * loop (`PISZA-275003` reads `275003`).
 */
function reads(name: string, tag: string): boolean {
  if (normaliseTag(name) === normaliseTag(tag)) return true;
  return LOOP_NUMBER.test(tag.trim()) && parseIsaTag(name)?.loop === tag.trim();
}

const carriesText = (element: PredictedElement) => element.elementType === 'text' || element.name.trim() !== '';

/**
 * A truth text is found by a text-carrying prediction (its box, or where its name was read: `tag_box`) covering
 * ≥ 50 % of the text's box or at IoU ≥ 0.3; its tag is
 * read when the finding prediction with the best IoU has the same normalised name. A symbol's tag is read
 * when the prediction matched to the symbol carries it.
 */
export function scoreText(
  truth: Pick<TruthSheet, 'symbols' | 'texts'>,
  elements: PredictedElement[],
  symbolMatches: Map<string, string>,
): TextScore {
  // A symbol's name read beside it is found where it was read.
  const carriers = elements.filter(carriesText).flatMap((p) => (p.tagBox ? [p, { ...p, bbox: p.tagBox }] : [p]));
  // A part of a symbol's tag written inside it (a bubble's `FT` over `627`) is read as the symbol's tag, below.
  const partOfSymbolTag = (text: TruthText) =>
    truth.symbols.some(
      (symbol) => symbol.tag && coverage(text.bbox, symbol.bbox) >= 0.8 && normaliseTag(symbol.tag).includes(normaliseTag(text.string)),
    );
  let found = 0;
  let tags = 0;
  let exact = 0;
  for (const text of truth.texts) {
    const finders = carriers.filter((p) => coverage(text.bbox, p.bbox) >= 0.5 || iou(text.bbox, p.bbox) >= 0.3);
    if (finders.length > 0) found++;
    if (text.role === 'label' || text.string.trim() === '' || partOfSymbolTag(text)) continue;
    tags++;
    const best = finders.reduce<PredictedElement | undefined>(
      (a, p) => (!a || iou(text.bbox, p.bbox) > iou(text.bbox, a.bbox) ? p : a),
      undefined,
    );
    if (best && reads(best.name, text.string)) exact++;
  }
  const byTruthId = new Map([...symbolMatches].map(([predictedId, truthId]) => [truthId, predictedId]));
  const names = new Map(elements.map((p) => [p.id, p.name]));
  for (const symbol of truth.symbols) {
    if (!symbol.tag) continue;
    tags++;
    const predictedId = byTruthId.get(symbol.id);
    if (predictedId !== undefined && reads(names.get(predictedId) ?? '', symbol.tag)) exact++;
  }
  return { detection: { truth: truth.texts.length, found }, tags: { truth: tags, exact } };
}
