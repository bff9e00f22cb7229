import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { SUBJECTS, type DrawingLookupReply, type DrawingLookupRequest } from '@pid/contracts';
import { isUuid } from '@pid/platform';
import type { Repository } from 'typeorm';
import { DrawingEntity } from './drawing.entity';

/**
 * Answers other services' ownership checks over NATS (`DrawingLookupRequest` → `DrawingLookupReply`): the drawing
 * only when it belongs to the user asked about; another user's drawing is null, like an unknown id.
 */
@Controller()
export class DrawingLookupResponder {
  constructor(@InjectRepository(DrawingEntity) private readonly drawings: Repository<DrawingEntity>) {}

  @MessagePattern(SUBJECTS.drawingLookup)
  async lookUp(@Payload() { drawingId, userId }: Partial<DrawingLookupRequest>): Promise<DrawingLookupReply> {
    if (!isUuid(drawingId) || !isUuid(userId)) return { drawing: null };
    const drawing = await this.drawings.findOneBy({ id: drawingId, userId });
    if (!drawing) return { drawing: null };
    const reply: NonNullable<DrawingLookupReply['drawing']> = { _id: drawing.id, userId: drawing.userId, status: drawing.status };
    if (drawing.imageWidth && drawing.imageHeight) reply.imageSize = { width: drawing.imageWidth, height: drawing.imageHeight };
    if (drawing.pageCount) reply.pageCount = drawing.pageCount;
    return { drawing: reply };
  }
}
