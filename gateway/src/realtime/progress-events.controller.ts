import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type DrawingProgressEvent } from '@pid/contracts';
import { ProgressGateway } from './progress.gateway';

/**
 * `drawingProgress` events from NATS, through Nest's NATS transport with no queue group: every gateway
 * replica gets every event and relays it to the sockets it holds (NATS is the fan-out between replicas).
 */
@Controller()
export class ProgressEventsController {
  constructor(@Inject(ProgressGateway) private readonly gateway: ProgressGateway) {}

  @EventPattern(SUBJECTS.drawingProgress)
  relay(@Payload() event: Partial<DrawingProgressEvent>): void {
    this.gateway.relay(event);
  }
}
