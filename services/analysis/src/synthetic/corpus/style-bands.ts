import type { SheetPlan } from './sheet-plan';

/**
 * The drafting-style bands a corpus sheet is reported in (resolution, line weight, damage), so that a figure can be
 * required in every style, not only on average. training/detector/evaluate.py (`bands()`) mirrors this definition:
 * change both together.
 */
export const RESOLUTION_BANDS = ['100-150 dpi', '160-250 dpi', '300-400 dpi'] as const;
export const LINE_WEIGHT_BANDS = ['hairline', 'medium', 'heavy'] as const;
export const DAMAGE_BANDS = ['clean', 'scanned'] as const;

export interface StyleBands {
  resolution: (typeof RESOLUTION_BANDS)[number];
  lineWeight: (typeof LINE_WEIGHT_BANDS)[number];
  damage: (typeof DAMAGE_BANDS)[number];
}

/** Each kind of band with its bands in order, as the tables list them. */
export const STYLE_BAND_KINDS = [
  { key: 'resolution', label: 'resolution', bands: RESOLUTION_BANDS },
  { key: 'lineWeight', label: 'line weight', bands: LINE_WEIGHT_BANDS },
  { key: 'damage', label: 'damage', bands: DAMAGE_BANDS },
] as const;

export function styleBands(plan: Pick<SheetPlan, 'dpi' | 'style' | 'damage'>): StyleBands {
  const { dpi } = plan;
  // The weight on paper: the plan gives it in pixels at 200 dpi, whatever the sheet's resolution.
  const width = plan.style.processWidth;
  return {
    resolution: dpi <= 150 ? '100-150 dpi' : dpi <= 250 ? '160-250 dpi' : '300-400 dpi',
    lineWeight: width < 2.5 ? 'hairline' : width < 5 ? 'medium' : 'heavy',
    // Any damage counts, a colour scheme alone included (as evaluate.py reads `plan.damage`).
    damage: plan.damage ? 'scanned' : 'clean',
  };
}
