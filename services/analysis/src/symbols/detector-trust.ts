/**
 * Whether a page looks like the drawings the detector learned from. There the detector alone reads symbols better than
 * beside the rules. On real sheets unlike the corpus it reads them far worse, and the rules, fitted to such sheets,
 * lead. Its confidence is the share of held-out detections that were right at that score (`calibrated`), so its mean
 * over a page says how sure it is there. On the held-out corpus a page's mean runs from 0.67 to 0.83 (a page of 10
 * detections or more); on pid-dev's DEXPI sheets 0.48–0.53, on `kr_refinery` 0.60–0.68, on `synthetic_reference`
 * 0.65. The pages above the threshold (one `kr_refinery` sheet, both `synthetic_reference` sheets) read better by the
 * detector alone than beside the rules.
 */

/** The least mean confidence of the page as drawn for the detector's symbols alone: below the held-out corpus's pages. */
export const TRUSTED_MEAN_CONFIDENCE = 0.62;

/** Fewer detections say too little about the page (a page of text, a blank one): the rules stay. */
export const TRUSTED_MIN_DETECTIONS = 10;

export function detectorTrusted(found: readonly { confidence: number }[]): boolean {
  if (found.length < TRUSTED_MIN_DETECTIONS) return false;
  return found.reduce((sum, d) => sum + d.confidence, 0) / found.length >= TRUSTED_MEAN_CONFIDENCE;
}
