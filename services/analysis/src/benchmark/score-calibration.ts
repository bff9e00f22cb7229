/** Confidence bands; the last one includes 1. */
export const CONFIDENCE_BANDS = [
  { label: '0–0.5', below: 0.5 },
  { label: '0.5–0.7', below: 0.7 },
  { label: '0.7–0.9', below: 0.9 },
  { label: '0.9–1', below: Infinity },
] as const;

/** Per band: how many predictions fell in it and how many of those were right. */
export interface BandCounts {
  predicted: number;
  correct: number;
}

export function calibrate(items: { confidence: number; correct: boolean }[]): BandCounts[] {
  const bands = CONFIDENCE_BANDS.map(() => ({ predicted: 0, correct: 0 }));
  for (const { confidence, correct } of items) {
    const band = bands[CONFIDENCE_BANDS.findIndex((b) => confidence < b.below)];
    band.predicted++;
    if (correct) band.correct++;
  }
  return bands;
}
