import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type GraphExportReply, type GraphExportRequest } from '@pid/contracts';
import { encodeJson, isUuid, LOGGER, NATS_CONNECTION, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { CONNECTION_ROWS } from '../connections/connection-rows';
import { ELEMENT_ROWS } from '../elements/element-rows';
import { selectDrawingItems } from '../graph-items/graph-item-rows';

/**
 * Answers the drawing service's export requests over NATS with a drawing's elements and connections in the
 * API's shape. Only rows of the given user count: another user's drawing answers empty lists, like a drawing
 * that was never analysed.
 */
@Controller()
export class GraphExportResponder {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @MessagePattern(SUBJECTS.graphExport)
  async export(@Payload() { drawingId, userId }: Partial<GraphExportRequest>): Promise<GraphExportReply | { error: string }> {
    if (!isUuid(drawingId) || !isUuid(userId)) return { elements: [], connections: [] };
    // One snapshot for both lists, so that no listed connection names an element missing from the list.
    const reply: GraphExportReply = await this.dataSource.transaction('REPEATABLE READ', async (manager) => ({
      elements: await selectDrawingItems(manager, ELEMENT_ROWS, drawingId, userId),
      connections: await selectDrawingItems(manager, CONNECTION_ROWS, drawingId, userId),
    }));
    // A reply over the server's max_payload cannot be sent at all: say so at once rather than let the caller time out.
    const maxPayload = this.nats.info?.max_payload ?? Infinity;
    const size = encodeJson(reply).length;
    if (size > maxPayload) {
      this.logger.error({ drawingId, size, maxPayload }, 'graph export is larger than one NATS message');
      return { error: `graph export of ${size} bytes exceeds the NATS max_payload of ${maxPayload} bytes` };
    }
    return reply;
  }
}
