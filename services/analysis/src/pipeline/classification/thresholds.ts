/** How sure the symbol classifier must be before its word changes a candidate. */

/**
 * How sure the classifier must be of two parts of a candidate to take it apart: a control valve's body and its
 * actuator, split at the stem, are named at 0.7–0.8 (a gate valve and an off-page connector, on
 * `synthetic_reference`), a drain leg's valves at 0.9 and more.
 */
export const SPLIT_PART_CONFIDENCE = 0.8;

/** How sure the classifier must be of a symbol found only among the PDF's paths. */
export const PROVISIONAL_CONFIDENCE = 0.6;

/** How sure the classifier must be of both halves of a candidate cut in two, and the whole no surer. */
export const PAIR_CONFIDENCE = 0.95;

/** How sure the classifier must be of a candidate cut back from a side (a symbol with its label stuck on). */
export const TRIM_CONFIDENCE = 0.99;

/** How sure the classifier must be that a candidate is no symbol before it is dropped. */
export const NOT_A_SYMBOL_CONFIDENCE = 0.85;
