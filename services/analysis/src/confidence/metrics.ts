/** How well a set of confidences ranks and is calibrated against what was right. */
export interface ConfidenceFigures {
  count: number;
  /** Share right. */
  accuracy: number;
  /** Mean negative log likelihood. */
  logLoss: number;
  /** Mean squared error of the confidence. */
  brier: number;
  /** Expected calibration error: the confidence-weighted gap between confidence and accuracy over ten equal bins. */
  ece: number;
  /** The chance that a right connection is more confident than a wrong one (ranking for a least-sure-first review). */
  auc: number;
}

export function confidenceFigures(items: Array<{ confidence: number; correct: boolean }>): ConfidenceFigures {
  const count = items.length;
  const clamp = (p: number) => Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const bins = Array.from({ length: 10 }, () => ({ n: 0, confidence: 0, correct: 0 }));
  for (const { confidence, correct } of items) {
    const bin = bins[Math.min(9, Math.floor(confidence * 10))];
    bin.n++;
    bin.confidence += confidence;
    bin.correct += correct ? 1 : 0;
  }
  return {
    count,
    accuracy: mean(items.map(({ correct }) => (correct ? 1 : 0))),
    logLoss: mean(items.map(({ confidence, correct }) => -Math.log(correct ? clamp(confidence) : 1 - clamp(confidence)))),
    brier: mean(items.map(({ confidence, correct }) => (confidence - (correct ? 1 : 0)) ** 2)),
    ece: count ? bins.reduce((sum, bin) => sum + Math.abs(bin.confidence - bin.correct), 0) / count : 0,
    auc: rankAuc(items),
  };
}

/** Mann–Whitney: ties count a half. */
function rankAuc(items: Array<{ confidence: number; correct: boolean }>): number {
  const sorted = [...items].sort((a, b) => a.confidence - b.confidence);
  let rankSum = 0;
  let positives = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].confidence === sorted[i].confidence) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (!sorted[k].correct) continue;
      rankSum += rank;
      positives++;
    }
    i = j;
  }
  const negatives = sorted.length - positives;
  return positives && negatives ? (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives) : 0.5;
}
