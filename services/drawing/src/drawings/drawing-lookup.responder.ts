import { SUBJECTS, type DrawingLookupReply, type DrawingLookupRequest } from '@pid/contracts';
import { isUuid, answerRequests, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import type { DataSource } from 'typeorm';
import { DrawingEntity } from './drawing.entity';

/**
 * Answers other services' ownership checks (`DrawingLookupRequest` → `DrawingLookupReply`): the drawing
 * only when it belongs to the user asked about; another user's drawing is null, like an unknown id.
 * Returns the teardown.
 */
export function answerDrawingLookups(nats: NatsConnection, dataSource: DataSource, logger: Logger): () => Promise<void> {
  const drawings = dataSource.getRepository(DrawingEntity);
  return answerRequests<DrawingLookupRequest, DrawingLookupReply>(nats, {
    subject: SUBJECTS.drawingLookup,
    queue: 'drawing',
    logger,
    handler: async ({ drawingId, userId }) => {
      if (!isUuid(drawingId) || !isUuid(userId)) return { drawing: null };
      const drawing = await drawings.findOneBy({ id: drawingId, userId });
      if (!drawing) return { drawing: null };
      const reply: NonNullable<DrawingLookupReply['drawing']> = { _id: drawing.id, userId: drawing.userId, status: drawing.status };
      if (drawing.imageWidth && drawing.imageHeight) reply.imageSize = { width: drawing.imageWidth, height: drawing.imageHeight };
      if (drawing.pageCount) reply.pageCount = drawing.pageCount;
      return { drawing: reply };
    },
  });
}
