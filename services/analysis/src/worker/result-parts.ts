import { createHash } from 'node:crypto';
import type { AnalysisResultEvent } from '@pid/contracts';

/** Room for the message headers (the message id, which counts against `max_payload`) and the `part` field. */
const HEADROOM_BYTES = 512;

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * A run's result as the messages that carry it: the result itself when it fits in `maxBytes`, else
 * parts of at most `maxBytes` each, every part with the whole envelope and a slice of the items
 * (elements first, then connections, in order). The split is named by a hash of the result, so a
 * redelivered job that computes the same result publishes the same messages (deduplicated by
 * JetStream), and one that computes another result publishes parts that never mix with the first.
 */
export function resultMessages(result: AnalysisResultEvent, maxBytes: number): Array<{ event: AnalysisResultEvent; messageId: string }> {
  if (byteLength(result) <= maxBytes) return [{ event: result, messageId: `result-${result.jobId}` }];
  const resultId = createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 16);
  const envelope = { ...result, elements: [], connections: [] };
  const budget = maxBytes - byteLength(envelope) - HEADROOM_BYTES;
  if (budget <= 0) throw new Error('The result envelope alone is larger than a message may be');

  const slices: Array<Pick<AnalysisResultEvent, 'elements' | 'connections'>> = [];
  let current: (typeof slices)[number] = { elements: [], connections: [] };
  let used = 0;
  const add = <K extends 'elements' | 'connections'>(list: K, item: AnalysisResultEvent[K][number]) => {
    const size = byteLength(item) + 1;
    if (used + size > budget && used > 0) {
      slices.push(current);
      current = { elements: [], connections: [] };
      used = 0;
    }
    (current[list] as Array<typeof item>).push(item);
    used += size;
  };
  result.elements.forEach((element) => add('elements', element));
  result.connections.forEach((connection) => add('connections', connection));
  slices.push(current);

  return slices.map((slice, i) => {
    const part = { resultId, index: i + 1, count: slices.length };
    return { event: { ...envelope, ...slice, part }, messageId: `result-${result.jobId}-${resultId}-${part.index}` };
  });
}
