import type { FontName } from './pdf-canvas';
import type { SignalMarking } from './signal-marks';

/**
 * A drafting style: how one engineering office draws. Sizes are in pixels of the 200-dpi page, for an A3 sheet
 * (A1 sheets use the same physical sizes, so the same pixels, on a larger page).
 */
/**
 * A style's boxed connectors: the share of connectors drawn so, and how their words sit: two smaller rows inside
 * (`rows`), or one row of two cells at the text size with more words above and below the box (`cells`).
 */
export interface LabelledConnectors {
  share: number;
  layout: 'rows' | 'cells';
  /**
   * Cells as one CAD block of fixed size on the whole sheet, each cell this many text sizes wide (wider where its word
   * needs it), the words centred: many EPC sheets draw every connector alike, whatever it holds.
   */
  block?: [number, number];
  /** Outlines drawn with a finer pen than the sheet's symbols, at this share of their weight (as many CAD blocks are). */
  thin?: number;
}

export interface DraftingStyle {
  name: string;
  /** Routing-grid step and symbol unit. */
  unit: number;
  processWidth: number;
  signalWidth: number;
  symbolWidth: number;
  /** Dash and gap of signal lines. */
  signalDash: number[];
  /** Signal lines drawn solid with ISA marks instead (a share of them); absent, all are dashed. */
  signalMarks?: SignalMarking;
  /** Off-page connectors drawn as a box around their words (a share of them); absent, none. */
  labelledConnectors?: LabelledConnectors;
  /** Whether some branches end in a utility connection box (`utilityConnection`) with its words. */
  utilityConnections?: boolean;
  font: FontName;
  /** Font size of tags, line numbers and labels. */
  textSize: number;
  /** Font size inside instrument bubbles. */
  bubbleTextSize: number;
  junctionDots: boolean;
  /** How a pipe crossing another without joining is drawn: plain cross, a break in the vertical one, or a hop. */
  crossing: 'plain' | 'gap' | 'hop';
  flowArrows: boolean;
  /** Index of the variant each class is usually drawn with; other variants appear now and then. */
  variantSeed: number;
  /** How often a symbol uses another variant than the style's own. */
  variantMix: number;
  lineNumberFormat: 'short' | 'long';
}

export const DRAFTING_STYLES: readonly DraftingStyle[] = [
  {
    name: 'iso-modern',
    unit: 20,
    processWidth: 4.5,
    signalWidth: 2,
    symbolWidth: 3,
    signalDash: [14, 8],
    font: 'Helvetica',
    textSize: 24,
    bubbleTextSize: 21,
    junctionDots: true,
    crossing: 'gap',
    flowArrows: true,
    variantSeed: 0,
    variantMix: 0.15,
    lineNumberFormat: 'short',
  },
  {
    name: 'isa-classic',
    unit: 22,
    processWidth: 5,
    signalWidth: 2.5,
    symbolWidth: 3.5,
    signalDash: [18, 10],
    font: 'Courier',
    textSize: 26,
    bubbleTextSize: 22,
    junctionDots: false,
    crossing: 'hop',
    flowArrows: false,
    variantSeed: 1,
    variantMix: 0.2,
    lineNumberFormat: 'long',
  },
  {
    name: 'legacy-cad',
    unit: 18,
    processWidth: 3,
    signalWidth: 1.6,
    symbolWidth: 2.4,
    signalDash: [10, 7],
    font: 'Times',
    textSize: 25,
    bubbleTextSize: 20,
    junctionDots: true,
    crossing: 'plain',
    flowArrows: true,
    variantSeed: 2,
    variantMix: 0.3,
    lineNumberFormat: 'long',
  },
];

export type DraftingStyleName = string;

export function draftingStyle(name: DraftingStyleName): DraftingStyle {
  const style = DRAFTING_STYLES.find((entry) => entry.name === name);
  if (!style) throw new RangeError(`Unknown drafting style ${name}; known: ${DRAFTING_STYLES.map((entry) => entry.name).join(', ')}`);
  return style;
}
