/** Held-out accuracy per class and the training report (markdown). */
import type { Architecture } from './trainable-net';

export interface ClassFigures {
  className: string;
  count: number;
  correct: number;
  /** The class it is most often taken for, when wrong. */
  confusedWith?: string;
}

export interface Evaluation {
  accuracy: number;
  /** Symbol vs not_a_symbol right, whatever the class. */
  symbolnessAccuracy: number;
  perClass: ClassFigures[];
}

/** Top-1 figures from logits (or probabilities) [n × classes]. */
export function evaluate(scores: Float32Array, labels: Int32Array, classNames: string[], noneClass = 'not_a_symbol'): Evaluation {
  const k = classNames.length;
  const none = classNames.indexOf(noneClass);
  const confusion = classNames.map(() => new Array<number>(k).fill(0));
  let correct = 0;
  let symbolness = 0;
  for (let i = 0; i < labels.length; i++) {
    let best = 0;
    for (let j = 1; j < k; j++) if (scores[i * k + j] > scores[i * k + best]) best = j;
    confusion[labels[i]][best]++;
    if (best === labels[i]) correct++;
    if ((best === none) === (labels[i] === none)) symbolness++;
  }
  const perClass = classNames.map((className, i) => {
    const row = confusion[i];
    const count = row.reduce((a, b) => a + b, 0);
    let worst = -1;
    row.forEach((n, j) => {
      if (j !== i && n > 0 && (worst < 0 || n > row[worst])) worst = j;
    });
    return { className, count, correct: row[i], confusedWith: worst >= 0 ? classNames[worst] : undefined };
  });
  return { accuracy: correct / Math.max(1, labels.length), symbolnessAccuracy: symbolness / Math.max(1, labels.length), perClass };
}

export function accuracyTable(evaluation: Evaluation): string {
  const percent = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
  const rows = evaluation.perClass.map((c) => `| ${c.className} | ${c.count} | ${percent(c.correct, c.count)} | ${c.confusedWith ?? ''} |`);
  return ['| class | held-out crops | accuracy | most often taken for |', '| --- | ---: | ---: | --- |', ...rows].join('\n');
}

export interface ReportInput {
  evaluation: Evaluation;
  counts: Record<string, unknown>;
  seed: number;
  command: string;
  seconds: number;
  temperature: number;
  modelBytes: number;
  backend: string;
  architecture: Architecture;
  cropSize: number;
  cropChannels: number;
}

export function formatReport(input: ReportInput): string {
  const { evaluation, architecture } = input;
  const short = evaluation.perClass.filter((c) => c.count > 0 && c.correct / c.count < 0.95).map((c) => c.className);
  return `# Symbol classifier: training report

- Command: \`${input.command}\` (seed ${input.seed}; same seed, same data, weights and shuffles)
- Backend: ${input.backend}; training took ${(input.seconds / 60).toFixed(1)} min, data generation included
- Network: ${input.cropSize} × ${input.cropSize} grey crops of ${input.cropChannels} channels (the padded box; its central half at twice the resolution); 3 × 3 convolutions of ${architecture.filters.join(', ')} filters (2 × 2 max pooling between); dense ${architecture.denseUnits} (dropout ${architecture.dropout}); softmax
- Weights: ${(input.modelBytes / 1024).toFixed(0)} KiB (\`weights.bin\`)
- Data: ${JSON.stringify(input.counts)}
- Held-out split: every fifth training sheet and library page (by sheet seed, never by crop)
- Held-out top-1 accuracy: ${(100 * evaluation.accuracy).toFixed(1)} %; symbol vs not a symbol: ${(100 * evaluation.symbolnessAccuracy).toFixed(1)} %
- Classes below 95 % held-out accuracy: ${short.length ? short.join(', ') : 'none'}
- Confidence: softmax with temperature ${input.temperature} fitted on the held-out split (NLL), folded into the model

${accuracyTable(evaluation)}
`;
}
