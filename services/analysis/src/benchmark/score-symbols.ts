import type { PixelBox, TruthSymbol } from './ground-truth';
import { iou } from './geometry';
import { isSymbolElement } from '@pid/contracts';
import type { PredictedElement } from './predictions';

/** Detection counts: precision = matched / predicted, recall = matched / truth. */
export interface MatchCounts {
  truth: number;
  predicted: number;
  matched: number;
}

export const SYMBOL_MIN_IOU = 0.5;
export const SCORED_TYPES = ['equipment', 'valve', 'instrument', 'fitting', 'off_page_connector'] as const;

interface Boxed {
  id: string;
  bbox: PixelBox;
}

/** One-to-one greedy matching: pairs at IoU ≥ minIou, best IoU first. Returns predicted id → truth id. */
export function matchBoxes(truth: Boxed[], predicted: Boxed[], minIou = SYMBOL_MIN_IOU): Map<string, string> {
  const pairs: { truthId: string; predictedId: string; iou: number }[] = [];
  const byLeft = [...predicted].sort((a, b) => a.bbox[0] - b.bbox[0]);
  for (const t of truth) {
    for (const p of byLeft) {
      if (p.bbox[0] >= t.bbox[2]) break; // sorted by left edge: no later box overlaps
      const overlap = iou(t.bbox, p.bbox);
      if (overlap >= minIou) pairs.push({ truthId: t.id, predictedId: p.id, iou: overlap });
    }
  }
  pairs.sort((a, b) => b.iou - a.iou);
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  for (const pair of pairs) {
    if (matches.has(pair.predictedId) || taken.has(pair.truthId)) continue;
    matches.set(pair.predictedId, pair.truthId);
    taken.add(pair.truthId);
  }
  return matches;
}

function counts(truth: Boxed[], predicted: Boxed[]): MatchCounts {
  return { truth: truth.length, predicted: predicted.length, matched: matchBoxes(truth, predicted).size };
}

/**
 * How well a class is named once found: `located` truth symbols of the class matched by any symbol (class-agnostic),
 * `named` of those matched by a symbol of the same class. named / located is the class's accuracy.
 */
export interface NamingCounts {
  located: number;
  named: number;
}

export interface SymbolScore {
  all: MatchCounts;
  byType: Record<string, MatchCounts>;
  /** Only when the pipeline names symbol classes (`metadata.symbol_class`). */
  byClass: Record<string, MatchCounts>;
  /** Per truth class, alongside `byClass`. */
  naming: Record<string, NamingCounts>;
  /** Located symbols named another class, by `truth class>predicted class`: what each class is taken for. */
  confusions: Record<string, number>;
  /** Class-agnostic matches, predicted id → truth id: the ends of connections, tags, calibration. */
  matches: Map<string, string>;
}

export function scoreSymbols(truth: TruthSymbol[], elements: PredictedElement[]): SymbolScore {
  const predicted = elements.filter(isSymbolElement);
  const matches = matchBoxes(truth, predicted);
  const byType: Record<string, MatchCounts> = {};
  for (const type of SCORED_TYPES) {
    byType[type] = counts(
      truth.filter((t) => t.elementType === type),
      predicted.filter((p) => p.elementType === type),
    );
  }
  const byClass: Record<string, MatchCounts> = {};
  const naming: Record<string, NamingCounts> = {};
  const confusions: Record<string, number> = {};
  const classified = predicted.filter((p) => p.hasSymbolClass);
  if (classified.length > 0) {
    for (const className of new Set([...truth.map((t) => t.className), ...classified.map((p) => p.className)])) {
      byClass[className] = counts(
        truth.filter((t) => t.className === className),
        classified.filter((p) => p.className === className),
      );
      naming[className] = { located: 0, named: 0 };
    }
    const classOf = new Map(truth.map((t) => [t.id, t.className]));
    for (const p of predicted) {
      const truthClass = classOf.get(matches.get(p.id) ?? '');
      if (truthClass === undefined) continue;
      naming[truthClass].located++;
      if (p.hasSymbolClass && p.className === truthClass) naming[truthClass].named++;
      else {
        const key = `${truthClass}>${p.className}`;
        confusions[key] = (confusions[key] ?? 0) + 1;
      }
    }
  }
  return { all: { truth: truth.length, predicted: predicted.length, matched: matches.size }, byType, byClass, naming, confusions, matches };
}
