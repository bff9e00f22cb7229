import type { AnalysisResultEvent } from '@pid/contracts';
import { describe, expect, it } from '@jest/globals';
import { resultMessages } from './result-parts';

function result(count: number): AnalysisResultEvent {
  const elements = Array.from({ length: count }, (_, i) => ({
    key: `p1:e${i}`,
    elementType: 'valve' as const,
    name: `V-${i}`,
    description: '',
    boundingBox: { x: i * 50, y: 0, width: 40, height: 40 },
    page: 1,
    metadata: { confidence: 0.9 },
  }));
  const connections = elements.slice(1).map((element, i) => ({
    key: `p1:c${i}`,
    sourceKey: elements[i]!.key,
    targetKey: element.key,
    relationshipType: 'connects to' as const,
    metadata: { confidence: 0.8 },
  }));
  return {
    jobId: 'job-1',
    drawingId: 'd',
    userId: 'u',
    imageSize: { width: 100, height: 100 },
    pages: [{ page: 1, imageSize: { width: 100, height: 100 }, source: 'raster' }],
    elements,
    connections,
  };
}

describe('resultMessages', () => {
  it('sends a result that fits as it is, under the run’s message id', () => {
    const event = result(3);
    expect(resultMessages(event, 1_000_000)).toEqual([{ event, messageId: 'result-job-1' }]);
  });

  it('splits a larger one into parts under the limit, in order, every part with the envelope', () => {
    const event = result(200);
    const messages = resultMessages(event, 8_000);
    expect(messages.length).toBeGreaterThan(3);
    const resultId = messages[0]!.event.part!.resultId;
    messages.forEach(({ event: part, messageId }, i) => {
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(8_000);
      expect(part.part).toEqual({ resultId, index: i + 1, count: messages.length });
      expect(messageId).toBe(`result-job-1-${resultId}-${i + 1}`);
      expect(part).toMatchObject({ jobId: 'job-1', drawingId: 'd', userId: 'u', imageSize: event.imageSize, pages: event.pages });
    });
    expect(messages.flatMap((message) => message.event.elements)).toEqual(event.elements);
    expect(messages.flatMap((message) => message.event.connections)).toEqual(event.connections);
  });

  it('names a split by its content: the same result gives the same messages, another result others', () => {
    const ids = (event: AnalysisResultEvent) => resultMessages(event, 8_000).map((message) => message.messageId);
    expect(ids(result(200))).toEqual(ids(result(200)));
    const other = result(200);
    other.elements[0]!.name = 'changed';
    expect(ids(other)[0]).not.toBe(ids(result(200))[0]);
  });
});
