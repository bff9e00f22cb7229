import { SUBJECTS } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { emitEvent, type Logger } from '@pid/platform';
import { toProgressEvent, type RunState } from './drawing-runs';

/**
 * Tells the gateway's sockets (and anyone else listening) that a drawing's status changed: an event through
 * Nest's NATS client, as the `@EventPattern` handlers that take it are wired. Core NATS: a lost event only
 * delays the web app until its next status poll, so a failure is logged, not raised.
 */
export class ProgressPublisher {
  constructor(
    private readonly nats: ClientProxy,
    private readonly logger: Logger,
  ) {}

  publish(state: RunState): void {
    emitEvent(this.nats, SUBJECTS.drawingProgress, toProgressEvent(state)).catch((error: unknown) => {
      this.logger.warn({ err: error, drawingId: state.drawingId }, 'a progress event could not be published');
    });
  }
}
