import type { PageImage } from '../../ingest/page-image';
import { modelSignalLines } from '../../line-ink/model-lines';
import type { InkClasses } from '../../line-ink/line-ink-model';
import { withPixelSegments } from '../../vector/vector-lines';
import type { VectorPage } from '../../vector/vector-page';
import { binarize } from '../binarize';
import { bridgeDropouts } from '../dropouts';
import type { InkImage } from '../components';
import { findPageLines, isBorder, type LineOptions, type Segment } from '../lines';
import { symbolBars } from '../symbol-bars';
import { ruleOn, type RuleModule } from '../rule-modules';
import { strokeUnit } from '../symbols';

/** The page's ink and its lines: what every later stage measures against. */
export interface PageLines {
  ink: InkImage;
  /** How many pixels are ink. */
  inkPixels: number;
  lineOptions: LineOptions;
  /** Short bars square to a pipe (a flange's, a butterfly valve's ends): symbol strokes, not lines. */
  bars: Segment[];
  /** Every line found, the sheet's border included. */
  allSegments: Segment[];
  /** The lines inside the border. */
  segments: Segment[];
  /** The stroke width that sizes everything else. */
  unit: number;
  /** What the line-ink model calls each bit of ink, where it was run. */
  inkClasses?: InkClasses;
}

/**
 * Binarises the page and finds its lines: in the pixels (with the signal lines the line-ink model finds, where it was
 * run), and in the PDF's strokes where it has them.
 */
export function pageLines(
  image: PageImage,
  vector: VectorPage | undefined,
  inkClasses?: InkClasses,
  without?: ReadonlySet<RuleModule>,
): PageLines {
  const { width, height } = image;
  const mask = binarize(image.gray);
  let inkPixels = 0;
  for (let i = 0; i < mask.length; i++) inkPixels += mask[i];
  const { segments: ruleSegments, options: lineOptions } = findPageLines(mask, width, height);
  const foundSegments = inkClasses
    ? [...ruleSegments, ...modelSignalLines(mask, width, height, inkClasses, lineOptions, ruleSegments)]
    : ruleSegments;
  const pixelBars = symbolBars(foundSegments, strokeUnit(foundSegments));
  const pixelSegments = foundSegments.filter((segment) => !pixelBars.has(segment));
  // A PDF's bars across its pipes (a butterfly valve's ends) are symbol strokes too.
  const vectorSegments = vector?.segments;
  const vectorBars = vectorSegments ? symbolBars(vectorSegments, strokeUnit(vectorSegments)) : new Set<Segment>();
  const bars = [...pixelBars, ...vectorBars];
  const found = vectorSegments
    ? withPixelSegments(
        vectorSegments.filter((segment) => !vectorBars.has(segment)),
        pixelSegments,
      )
    : pixelSegments;
  const unit = strokeUnit(found.filter((segment) => !isBorder(segment, width, height)));
  // A speckled scan's lines are found in pieces: every later stage (tables, boxes, pipes) sees them whole. The stroke
  // width is measured before, on the lines as found, so that it does not move with how many pieces were joined.
  const allSegments =
    !vectorSegments && ruleOn(without, 'dropouts')
      ? bridgeDropouts(found, { mask, width, height }, unit, 2 * lineOptions.minLength)
      : found;
  const segments = allSegments.filter((segment) => !isBorder(segment, width, height));
  return { ink: { mask, width, height }, inkPixels, lineOptions, bars, allSegments, segments, unit, inkClasses };
}
