import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { isGraphExportReply, SUBJECTS, type GraphExportReply, type GraphExportRequest } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { LOGGER, lookup, NATS_CLIENT, SERVICE_ENV, type Logger } from '@pid/platform';
import type { DrawingEnv } from '../env';
import { MESSAGES } from '../messages';

/** Asks the graph service, which owns elements and connections, for one drawing's graph. */
@Injectable()
export class GraphExportClient {
  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(SERVICE_ENV) private readonly env: DrawingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The drawing's elements and connections; 503 when graph does not answer in time. */
  async fetch(drawingId: string, userId: string): Promise<GraphExportReply> {
    const request: GraphExportRequest = { drawingId, userId };
    const reply = await lookup(this.nats, SUBJECTS.graphExport, request, {
      timeoutMs: this.env.GRAPH_EXPORT_TIMEOUT_MS,
      isValid: isGraphExportReply,
      logger: this.logger,
    });
    if (!reply) throw new ServiceUnavailableException(MESSAGES.graphUnavailable);
    // Belt and braces: nothing of another drawing ends up in this one's export.
    const ours = <T extends { drawing?: unknown }>(item: T) => item.drawing === undefined || item.drawing === drawingId;
    return { elements: reply.elements.filter(ours), connections: reply.connections.filter(ours) };
  }
}
