import { Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { SUBJECTS, type DrawingLookupReply, type DrawingLookupRequest } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { isUuid, LOGGER, lookup, NATS_CLIENT, type Logger } from '@pid/platform';
import { MESSAGES } from '../messages';

/** How long an ownership check waits for the drawing service before answering 503. */
export const DRAWING_LOOKUP_TIMEOUT_MS = 2_000;

export function isDrawingLookupReply(value: unknown): value is DrawingLookupReply {
  if (typeof value !== 'object' || value === null || !('drawing' in value)) return false;
  const { drawing } = value as { drawing: unknown };
  if (drawing === null) return true;
  return typeof drawing === 'object' && typeof (drawing as { userId?: unknown }).userId === 'string';
}

/**
 * Ownership of a drawing, decided by the drawing service, which owns drawings (one owner per table).
 * Asked on every request, never cached: a deleted or foreign drawing is refused at once.
 */
@Injectable()
export class DrawingAccess {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Resolves when `drawingId` is a drawing of `userId`; 404 when unknown or another user's, 503 when the drawing service does not answer. */
  async requireOwnDrawing(drawingId: string, userId: string): Promise<void> {
    if (!isUuid(drawingId) || !isUuid(userId)) throw new NotFoundException(MESSAGES.drawingNotFound);
    const request: DrawingLookupRequest = { drawingId, userId };
    const reply = await lookup(this.nats, SUBJECTS.drawingLookup, request, {
      timeoutMs: DRAWING_LOOKUP_TIMEOUT_MS,
      isValid: isDrawingLookupReply,
      logger: this.logger,
    });
    if (!reply) throw new ServiceUnavailableException(MESSAGES.serviceUnavailable);
    // The drawing service already answers null for another user's drawing; the owner check guards against a wrong answer.
    if (!reply.drawing || reply.drawing.userId.toLowerCase() !== userId.toLowerCase()) {
      throw new NotFoundException(MESSAGES.drawingNotFound);
    }
  }
}
