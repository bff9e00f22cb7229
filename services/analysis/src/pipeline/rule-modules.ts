/**
 * The symbol rules that can be switched off one at a time, to measure what each adds beside the learned detector
 * (`npm run bench:ablation`). The product runs them all; a rule whose row shows no gain anywhere is deleted.
 */
export const RULE_MODULES = {
  'piped-candidates':
    'a rules valve or fitting the classifier dropped and no detection sees, kept where pipes end at both its sides (`piped-detections.ts`)',
  'trusted-piped': 'on a trusted page, a detection under the threshold kept where pipes end at it (`piped-detections.ts`)',
  'distinct-unsure':
    'on a trusted page, a valve, equipment or connector detection a little under the threshold kept where nothing stands (`distinct-unsure.ts`)',
  'line-ink-veto': 'a rules valve or fitting no detection sees, on ink the line-ink model calls line ink, is dropped (`line-ink-veto.ts`)',
  'fusion-views': 'a detection sure over four views of the page is added where nothing stands (`withDetections`)',
  'fusion-name': 'a surer detection boxing the same symbol names a rules symbol of another element type (`withDetections`)',
  'tee-dots': 'a fitting detected on a junction dot (a filled disc on a pipe) is dropped (`tee-dots.ts`)',
  'ink-fit': "a detection's box drawn in to its own ink, pipes through it left out (`ink-fit.ts`)",
  'valve-actuators': "a valve detection's box grown over the actuator on its stem (`valve-actuators.ts`)",
  'detector-trust':
    "on a page the detector reads as surely as its own held-out corpus, its symbols alone, without the rules' (`detector-trust.ts`)",
  'classifier-names': "the classifier names the detector's symbols standing alone, within their element type (`classifier-names.ts`)",
  'detection-reach':
    "a detection standing alone reaches as far as the rules' candidate it lies in, its short legs to a dot or pipe (`detection-reach.ts`)",
  'whole-equipment':
    "equipment detections held by one rules' candidate (a column's packed beds) are one piece of equipment (`whole-equipment.ts`)",
  'bare-strokes': 'a candidate split at bare strokes between its parts (`bare-strokes.ts`)',
  'trimmed-candidates': 'a candidate read trimmed, in pieces, cut in two or without a loose mark (`trimmed-candidates.ts`)',
  'closed-outlines': 'a big candidate read as the closed outline inside it (`closed-outlines.ts`)',
  'flange-joints': 'flanges found as two bars across a pipe, plated joints (`flange-joints.ts`)',
  'flange-faces': 'a flange joint split into its two flanges (`flange-faces.ts`)',
  'spectacle-blinds': 'spectacle blinds drawn as a figure 8 on a stem (`spectacle-blinds.ts`)',
  'spec-breaks': 'spec breaks: arrows with specs across a pipe (`spec-breaks.ts`)',
  dropouts: "a speckled line's pieces joined across bare specks and pieces too short to find (`dropouts.ts`)",
  'line-legs': "a symbol's leg to a pipe it stands beside, too short to find as a line (`short-links.ts`)",
  'pipe-jogs': "a pipe's short jog aside, its leg too short to find as a line (`pipe-jogs.ts`)",
  'short-routes':
    "two symbols joined by a short bent stroke, or a symbol and a pipe's end, no leg of it long enough to find as a line (`short-routes.ts`)",
  'ring-marks': "a data link's rings: the line goes on through them, and they are no symbols (`ring-marks.ts`)",
  'hatched-bands': 'no symbol inside hatching between two lines (`hatched-bands.ts`)',
  tables: 'no symbol inside a table (`tables.ts`)',
  'equipment-parts': 'stacked parts of equipment joined, sections dropped (`equipment-parts.ts`)',
  'signal-dashes':
    "a bar-shaped valve or fitting a dashed line comes up to from both ends is one of the line's dashes (`signal-dashes.ts`)",
  'slanted-marks': "a flange whose ink leans across its line is a signal line's slash (`slanted-marks.ts`)",
  duplicates:
    "of two symbols boxing the same ink, the surer one kept; a flange inside a valve's or an unnamed fitting's box is its own (`duplicate-symbols.ts`)",
  'unreached-boxes': 'a rectangle that no pipe reaches and no symbol stands against is no equipment (`unreached-boxes.ts`)',
  'unreached-flanges':
    'a flange no connection reaches and no line runs through, or a blind flange whose ink touches nothing beyond its box, is a mark (`unreached-boxes.ts`)',
  'dimension-lines':
    "a blind flange whose pipes run straight to an open end crossed by a tick is a dimension line's end tick (`dimension-lines.ts`)",
  nozzles: "equipment's nozzles as elements of their own (`nozzles.ts`, `equipment-lines.ts`)",
} as const;

export type RuleModule = keyof typeof RULE_MODULES;

export function isRuleModule(value: string): value is RuleModule {
  return Object.hasOwn(RULE_MODULES, value);
}

/** Whether a rule runs: every rule does unless it is named in `without`. */
export function ruleOn(without: ReadonlySet<RuleModule> | undefined, module: RuleModule): boolean {
  return !without?.has(module);
}
