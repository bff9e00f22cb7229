import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LOGGER, NATS_CONNECTION, SERVICE_ENV, type Logger } from '@pid/platform';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { PendingCleanups } from './cleanup/pending-cleanups';
import { DrawingEntity } from './drawings/drawing.entity';
import { DrawingLookupResponder } from './drawings/drawing-lookup.responder';
import { DrawingsController } from './drawings/drawings.controller';
import { DrawingsService } from './drawings/drawings.service';
import type { DrawingEnv } from './env';
import { GraphExportClient } from './export/graph-export.client';
import { PdfThreads } from './pdf-threads/pdf-threads';
import { ProcessingService } from './processing/processing.service';
import { ProgressEventsController } from './processing/progress-events.controller';
import { RenditionEntity } from './renditions/rendition.entity';
import { RenditionsService } from './renditions/renditions.service';
import { drawingStorage, drawingStorageProvider } from './storage/drawing-storage';
import { DrawingUploadInterceptor } from './upload/upload.interceptor';

/** Drawings: upload, listing, renaming, deletion, processing runs, images and export. */
@Module({
  imports: [TypeOrmModule.forFeature([DrawingEntity, RenditionEntity])],
  controllers: [DrawingsController, DrawingLookupResponder, ProgressEventsController],
  providers: [
    drawingStorageProvider,
    {
      provide: PendingCleanups,
      inject: [DataSource, NATS_CONNECTION, SERVICE_ENV, LOGGER],
      useFactory: (dataSource: DataSource, nats: NatsConnection, env: DrawingEnv, logger: Logger) =>
        new PendingCleanups(dataSource, nats, drawingStorage(env), logger),
    },
    DrawingsService,
    DrawingUploadInterceptor,
    GraphExportClient,
    PdfThreads,
    ProcessingService,
    RenditionsService,
  ],
})
export class DrawingModule {}
