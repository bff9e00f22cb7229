import { SUBJECTS, type GraphExportReply, type GraphExportRequest } from '@pid/contracts';
import { answerRequests, encodeJson, type ServiceContext } from '@pid/platform';
import { selectConnections } from '../connections/connection-rows';
import { selectElements } from '../elements/element-rows';
import { isUuid } from '../validation/ids';

/** Same queue group in every replica: each request is answered once. */
const QUEUE = 'graph';

/**
 * Answers the drawing service's export requests with a drawing's elements and connections in the
 * API's shape. Only rows of the given user count: another user's drawing answers empty lists, like
 * a drawing that was never analysed. Returns the teardown.
 */
export function answerGraphExports(context: ServiceContext): () => Promise<void> {
  const { nats, dataSource, logger } = context;
  return answerRequests<GraphExportRequest, GraphExportReply | { error: string }>(nats, {
    subject: SUBJECTS.graphExport,
    queue: QUEUE,
    logger,
    handler: async ({ drawingId, userId }) => {
      if (!isUuid(drawingId) || !isUuid(userId)) return { elements: [], connections: [] };
      // One snapshot for both lists, so that no listed connection names an element missing from the list.
      const reply: GraphExportReply = await dataSource.transaction('REPEATABLE READ', async (manager) => ({
        elements: await selectElements(manager, drawingId, userId),
        connections: await selectConnections(manager, drawingId, userId),
      }));
      // A reply over the server's max_payload cannot be sent at all: say so at once rather than let the caller time out.
      const maxPayload = nats.info?.max_payload ?? Infinity;
      const size = encodeJson(reply).length;
      if (size > maxPayload) {
        logger.error({ drawingId, size, maxPayload }, 'graph export is larger than one NATS message');
        return { error: `graph export of ${size} bytes exceeds the NATS max_payload of ${maxPayload} bytes` };
      }
      return reply;
    },
  });
}
