import { eventually } from '@pid/platform/test-kit/samples';
/** Builders and publishing helpers for tests that feed the graph service over JetStream. */
import { randomUUID } from 'node:crypto';
import {
  CONSUMERS,
  STREAMS,
  SUBJECTS,
  type AnalysisConnection,
  type AnalysisElement,
  type AnalysisResultEvent,
  type BoundingBox,
  type ElementType,
} from '@pid/contracts';
import { publishJson } from '@pid/platform';
import type { NatsConnection } from 'nats';

export function analysisElement(key: string, elementType: ElementType, boundingBox: BoundingBox, confidence = 0.9): AnalysisElement {
  return { key, elementType, name: key.toUpperCase(), description: '', boundingBox, metadata: { confidence } };
}

/** An element on a page of a multi-page drawing, with the name given. */
export function elementOnPage(
  key: string,
  page: number,
  elementType: ElementType,
  name: string,
  boundingBox: BoundingBox,
): AnalysisElement {
  return { ...analysisElement(key, elementType, boundingBox), name, page };
}

export function analysisConnection(sourceKey: string, targetKey: string, confidence = 0.8): AnalysisConnection {
  return { key: `${sourceKey}-${targetKey}`, sourceKey, targetKey, relationshipType: 'connects to', metadata: { confidence } };
}

export function analysisResult(
  drawingId: string,
  userId: string,
  elements: AnalysisElement[],
  connections: AnalysisConnection[],
  jobId: string = randomUUID(),
): AnalysisResultEvent {
  return { jobId, drawingId, userId, imageSize: { width: 2000, height: 1400 }, elements, connections };
}

/** Where analysis results reach this service: the subject, its stream and the service's durable consumer. */
export const GRAPH_RESULTS = { subject: SUBJECTS.analysisResult, stream: STREAMS.analysisResults.name, durable: CONSUMERS.graphResults };

/**
 * Publishes to JetStream (under a fresh message id unless given, so that a second publish of the same
 * event is a second delivery, as after a crash before the ack) and waits until the durable consumer
 * has settled it.
 */
export async function publishAndSettle(
  nats: NatsConnection,
  target: { subject: string; stream: string; durable: string },
  payload: unknown,
  messageId: string = randomUUID(),
): Promise<void> {
  const ack = await publishJson(nats, target.subject, payload, messageId);
  const jsm = await nats.jetstreamManager();
  await eventually(async () => {
    const info = await jsm.consumers.info(target.stream, target.durable);
    // Delivered, and nothing left unsettled (an ack or a term; a nak would keep it pending).
    return info.delivered.stream_seq >= ack.seq && info.num_ack_pending === 0 && info.num_redelivered === 0 ? true : undefined;
  }, `message ${ack.seq} on ${target.stream} to be settled`);
}
