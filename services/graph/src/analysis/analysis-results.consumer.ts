import { CONSUMERS, STREAMS, SUBJECTS, type AnalysisAppliedEvent } from '@pid/contracts';
import { consumeSharedStream, publishJson, type ServiceContext } from '@pid/platform';
import type { AnalysisResult } from './analysis-result.parser';
import { receiveAnalysisResult } from './receive-analysis-result';

/** Big results take a few seconds to write; the consumer also reports progress every third of this. */
const ACK_WAIT_MS = 60_000;
const MAX_DELIVER = 5;

/**
 * Applies analysis results from JetStream (durable consumer shared by the replicas), whole or in parts
 * (`receiveAnalysisResult`), then tells the drawing service (`SUBJECTS.analysisApplied`), which completes the
 * drawing only then, so that a viewer opening a completed drawing finds its elements. The stream has
 * limits retention: the drawing service reads the same results with a consumer of its own.
 * Returns the teardown: stop taking results, finish the one in hand.
 */
export async function consumeAnalysisResults(context: ServiceContext): Promise<() => Promise<void>> {
  const { nats, dataSource, logger } = context;
  const consumer = await consumeSharedStream<unknown>(nats, {
    stream: STREAMS.analysisResults,
    filterSubject: SUBJECTS.analysisResult,
    durable: CONSUMERS.graphResults,
    ackWaitMs: ACK_WAIT_MS,
    maxDeliver: MAX_DELIVER,
    logger,
    handler: async (payload, job) => {
      let parsed: AnalysisResult | undefined;
      const outcome = await receiveAnalysisResult(dataSource, payload, (result) => (parsed = result));
      const { jobId, drawingId } = payload as { jobId?: unknown; drawingId?: unknown };
      const run = { jobId, drawingId, deliveryCount: job.deliveryCount };
      // Saved now or before (a redelivery after a crash between saving and telling): the drawing may complete.
      // The message id makes a repeated telling one.
      if (outcome.status === 'applied' || outcome.status === 'duplicate') {
        const { userId } = payload as { userId?: unknown };
        const applied: AnalysisAppliedEvent = { jobId: String(jobId), drawingId: String(drawingId), userId: String(userId) };
        await publishJson(nats, SUBJECTS.analysisApplied, applied, `applied-${String(jobId)}`);
      }
      if (outcome.status === 'applied') logger.info({ ...run, ...outcome, skipped: parsed?.skipped }, 'analysis result applied');
      else if (outcome.status === 'waiting-for-parts') logger.info({ ...run, ...outcome }, 'analysis result part kept');
      else logger.info({ ...run, status: outcome.status }, 'analysis result ignored');
    },
  });
  return () => consumer.stop();
}
