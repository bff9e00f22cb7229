import { SUBJECTS } from '@pid/contracts';
import { encodeJson, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { toProgressEvent, type RunState } from './drawing-runs';

/**
 * Tells the gateway's sockets (and anyone else listening) that a drawing's status changed. Core NATS:
 * a lost event only delays the web app until its next status poll, so a failure is logged, not raised.
 */
export class ProgressPublisher {
  constructor(
    private readonly nats: NatsConnection,
    private readonly logger: Logger,
  ) {}

  publish(state: RunState): void {
    try {
      this.nats.publish(SUBJECTS.drawingProgress, encodeJson(toProgressEvent(state)));
    } catch (error) {
      this.logger.warn({ err: error, drawingId: state.drawingId }, 'a progress event could not be published');
    }
  }
}
