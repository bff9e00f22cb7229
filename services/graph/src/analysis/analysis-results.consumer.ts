import { CONSUMERS, STREAMS, SUBJECTS } from '@pid/contracts';
import { consumeJson, ensureConsumer, ensureStream, type ServiceContext } from '@pid/platform';
import { parseAnalysisResult } from './analysis-result.parser';
import { applyAnalysisResult } from './apply-analysis-result';

/** Big results take a few seconds to write; the consumer also reports progress every third of this. */
const ACK_WAIT_MS = 60_000;
const MAX_DELIVER = 5;

/**
 * Applies analysis results from JetStream (durable consumer shared by the replicas). The stream has
 * limits retention: the drawing service reads the same results with a consumer of its own.
 * Returns the teardown: stop taking results, finish the one in hand.
 */
export async function consumeAnalysisResults(context: ServiceContext): Promise<() => Promise<void>> {
  const { nats, dataSource, logger } = context;
  await ensureStream(nats, { ...STREAMS.analysisResults, retention: 'limits' });
  await ensureConsumer(nats, STREAMS.analysisResults.name, {
    durable: CONSUMERS.graphResults,
    filterSubject: SUBJECTS.analysisResult,
    ackWaitMs: ACK_WAIT_MS,
    maxDeliver: MAX_DELIVER,
  });
  const consumer = await consumeJson<unknown>(nats, {
    stream: STREAMS.analysisResults.name,
    durable: CONSUMERS.graphResults,
    ackWaitMs: ACK_WAIT_MS,
    maxDeliver: MAX_DELIVER,
    logger,
    handler: async (payload, job) => {
      const result = parseAnalysisResult(payload);
      const outcome = await applyAnalysisResult(dataSource, result);
      const run = { jobId: result.jobId, drawingId: result.drawingId, deliveryCount: job.deliveryCount };
      if (outcome.status === 'applied') logger.info({ ...run, ...outcome, skipped: result.skipped }, 'analysis result applied');
      else logger.info({ ...run, status: outcome.status }, 'analysis result ignored');
    },
  });
  return () => consumer.stop();
}
