import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type DrawingProgressEvent } from '@pid/contracts';
import { isUuid, LOGGER, type Logger } from '@pid/platform';
import { DataSource } from 'typeorm';
import { cleanMessage, DrawingRuns } from './drawing-runs';

/**
 * Progress of analysis runs (`SUBJECTS.drawingProgress`, Nest's NATS transport, the `drawing` queue group:
 * one replica per event): percentage and message of the current run, forward only. Events that this service
 * publishes itself come back here too; they carry a status other than `processing`, or repeat what is stored,
 * and change nothing.
 */
@Controller()
export class ProgressEventsController {
  private readonly runs: DrawingRuns;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.runs = new DrawingRuns(dataSource);
  }

  @EventPattern(SUBJECTS.drawingProgress)
  async onProgress(@Payload() event: Partial<DrawingProgressEvent>): Promise<void> {
    if (event.status !== 'processing' || !isUuid(event.drawingId) || !isUuid(event.jobId)) return;
    if (typeof event.progress !== 'number' || !Number.isFinite(event.progress)) return;
    try {
      await this.runs.progress(event.drawingId, event.jobId, event.progress, cleanMessage(event.message));
    } catch (error) {
      // Best effort, as before: a lost progress update only delays the web app until the next one.
      this.logger.warn({ err: error }, 'a progress event could not be applied');
    }
  }
}
