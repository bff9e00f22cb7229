import { CONSUMERS, STREAMS, SUBJECTS, type DrawingDeletedEvent } from '@pid/contracts';
import { isUuid, consumeSharedStream, PermanentJobError, type ServiceContext } from '@pid/platform';
import { removeDrawingGraph } from './remove-drawing-graph';

/**
 * Removes the graph of each deleted drawing (`DrawingDeletedEvent` from the drawing service's event
 * stream, durable consumer shared by the replicas). Returns the teardown.
 */
export async function consumeDrawingDeletions(context: ServiceContext): Promise<() => Promise<void>> {
  const { nats, dataSource, logger } = context;
  const consumer = await consumeSharedStream<Partial<DrawingDeletedEvent>>(nats, {
    stream: STREAMS.drawingEvents,
    filterSubject: SUBJECTS.drawingDeleted,
    durable: CONSUMERS.graphDrawingEvents,
    logger,
    handler: async (event) => {
      const { drawingId, userId } = event ?? {};
      if (!isUuid(drawingId) || !isUuid(userId)) throw new PermanentJobError('drawing-deleted event without valid drawingId and userId');
      const removed = await removeDrawingGraph(dataSource, drawingId.toLowerCase(), userId.toLowerCase());
      logger.info({ drawingId, ...removed }, 'graph of a deleted drawing removed');
    },
  });
  return () => consumer.stop();
}
