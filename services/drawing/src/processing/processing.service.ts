import { ConflictException, Inject, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { SUBJECTS, type AnalysisJob } from '@pid/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { isUuid, LOGGER, NATS_CLIENT, NATS_CONNECTION, publishJson, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DrawingEntity } from '../drawings/drawing.entity';
import { MESSAGES } from '../messages';
import { fileKindOfContentType } from '../upload/file-kind';
import { DrawingRuns, PROCESSABLE_STATUSES, type PreviousRun } from './drawing-runs';
import { ProgressPublisher } from './progress-publisher';

/** Starts processing runs: the drawing becomes `processing` and a job goes onto the analysis work queue. */
@Injectable()
export class ProcessingService {
  private readonly runs: DrawingRuns;
  private readonly publisher: ProgressPublisher;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(NATS_CLIENT) natsClient: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.runs = new DrawingRuns(dataSource);
    this.publisher = new ProgressPublisher(natsClient, logger);
  }

  /**
   * From `uploaded`, `error` or `failed` only (409 otherwise). The job's id is a new UUID and also its
   * JetStream message id, so a repeated publish is dropped by the stream. Answers the drawing as it now is.
   */
  async start(userId: string, drawingId: string): Promise<DrawingEntity> {
    if (!isUuid(drawingId)) throw new NotFoundException(MESSAGES.drawingNotFound);
    const jobId = randomUUID();
    const { drawing, previous } = await this.dataSource.transaction(async (manager) => {
      const found = await manager.findOne(DrawingEntity, { where: { id: drawingId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw new NotFoundException(MESSAGES.drawingNotFound);
      if (!PROCESSABLE_STATUSES.includes(found.status)) {
        throw new ConflictException(found.status === 'processing' ? MESSAGES.alreadyProcessing : MESSAGES.alreadyProcessed);
      }
      const before: PreviousRun = {
        status: found.status,
        processingMessage: found.processingMessage,
        progress: found.progress,
        jobId: found.jobId,
      };
      found.status = 'processing';
      found.processingMessage = MESSAGES.processingStarted;
      found.progress = 0;
      found.jobId = jobId;
      return { drawing: await manager.save(found), previous: before };
    });

    const job: AnalysisJob = { jobId, drawingId, userId, objectKey: drawing.objectKey, contentType: drawing.contentType };
    // Every page of a PDF is analysed in one run.
    if (fileKindOfContentType(drawing.contentType) === 'pdf') job.pageCount = drawing.pageCount ?? 1;
    try {
      await publishJson(this.nats, SUBJECTS.analysisJob, job, jobId);
    } catch (error) {
      this.logger.error({ err: error, drawingId }, 'an analysis job could not be queued');
      await this.runs.undoStart(drawingId, jobId, previous).catch((undoError) => {
        this.logger.error({ err: undoError, drawingId }, 'a drawing could not be put back after its job failed to queue');
      });
      throw new ServiceUnavailableException(MESSAGES.processingUnavailable);
    }
    this.logger.info({ drawingId, jobId }, 'processing started');
    this.publisher.publish({
      drawingId,
      userId,
      jobId,
      status: 'processing',
      message: MESSAGES.processingStarted,
      progress: 0,
      ...(drawing.imageWidth && drawing.imageHeight ? { imageSize: { width: drawing.imageWidth, height: drawing.imageHeight } } : {}),
    });
    return drawing;
  }
}
