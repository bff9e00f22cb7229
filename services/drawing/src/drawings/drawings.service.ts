import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUuid, LOGGER, newObjectKey, SERVICE_ENV, type Logger, type ObjectStorage } from '@pid/platform';
import { DataSource, type Repository } from 'typeorm';
import { PendingCleanups } from '../cleanup/pending-cleanups';
import type { DrawingEnv } from '../env';
import { MESSAGES } from '../messages';
import { PdfThreads } from '../pdf-threads/pdf-threads';
import { pdfRenderOptions } from '../renditions/renditions.service';
import { RenditionEntity } from '../renditions/rendition.entity';
import { DRAWING_STORAGE } from '../storage/drawing-storage';
import { sanitizeDocumentName } from '../upload/document-name';
import { detectFileKind, FILE_KINDS } from '../upload/file-kind';
import { inspectUpload } from '../upload/upload-inspector';
import { drawingName } from './drawing.dto';
import { DrawingEntity } from './drawing.entity';

export interface UploadedDrawingFile {
  buffer: Buffer;
  originalname?: string;
}

/** Drawings of one owner: every read and write is scoped to the caller, another user's id is "not found". */
@Injectable()
export class DrawingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @InjectRepository(DrawingEntity) private readonly drawings: Repository<DrawingEntity>,
    @Inject(DRAWING_STORAGE) private readonly storage: ObjectStorage,
    @Inject(PendingCleanups) private readonly cleanups: PendingCleanups,
    @Inject(SERVICE_ENV) private readonly env: DrawingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PdfThreads) private readonly pdfThreads: PdfThreads,
  ) {}

  /** The caller's drawings, newest first. */
  async list(userId: string): Promise<DrawingEntity[]> {
    return this.drawings.find({ where: { userId }, order: { uploadDate: 'DESC', id: 'DESC' } });
  }

  /** The caller's drawing; 404 for an unknown id, a malformed one or another user's. */
  async get(userId: string, drawingId: string): Promise<DrawingEntity> {
    const drawing = isUuid(drawingId) ? await this.drawings.findOneBy({ id: drawingId, userId }) : null;
    if (!drawing) throw new NotFoundException(MESSAGES.drawingNotFound);
    return drawing;
  }

  async rename(userId: string, drawingId: string, name: string): Promise<DrawingEntity> {
    const drawing = await this.get(userId, drawingId);
    drawing.name = name;
    return this.drawings.save(drawing);
  }

  /**
   * Checks the upload (spec §5 and what the server can read), stores the file under a generated key
   * and records the drawing. A refused or failed upload leaves neither an object nor a row.
   */
  async upload(userId: string, file: UploadedDrawingFile | undefined, rawName: unknown): Promise<DrawingEntity> {
    if (!file) throw new BadRequestException(MESSAGES.fileRequired);
    const name = drawingName.safeParse(rawName ?? '');
    if (!name.success) throw new BadRequestException(name.error.issues[0]!.message);
    if (file.buffer.length === 0) throw new BadRequestException(MESSAGES.emptyFile);
    const kind = detectFileKind(file.buffer);
    if (!kind) throw new UnsupportedMediaTypeException(MESSAGES.unsupportedType);
    const inspected = await inspectUpload(file.buffer, kind, pdfRenderOptions(this.env), this.pdfThreads);

    const { contentType, extension } = FILE_KINDS[kind];
    const objectKey = newObjectKey('drawings', extension);
    try {
      await this.storage.put(objectKey, file.buffer, contentType);
    } catch (error) {
      this.logger.error({ err: error }, 'an upload could not be stored');
      // A partial write may have left something behind.
      await this.cleanups.deleteObjectsNow([objectKey]);
      throw new ServiceUnavailableException(MESSAGES.storageUnavailable);
    }
    try {
      const drawing = this.drawings.create({
        userId,
        name: name.data,
        status: 'uploaded',
        processingMessage: null,
        documentName: sanitizeDocumentName(file.originalname, kind),
        objectKey,
        contentType,
        sizeBytes: file.buffer.length,
        jobId: null,
        progress: 0,
        pageCount: inspected.pageCount ?? null,
        imageWidth: inspected.imageSize.width,
        imageHeight: inspected.imageSize.height,
        pageSizes: inspected.pages,
      });
      const saved = await this.drawings.save(drawing);
      this.logger.info({ drawingId: saved.id, contentType, sizeBytes: saved.sizeBytes }, 'drawing uploaded');
      return saved;
    } catch (error) {
      await this.cleanups.deleteObjectsNow([objectKey]);
      throw error;
    }
  }

  /**
   * Deletes the drawing, its file and renditions, and tells graph to delete its elements and
   * connections. The row goes at once; the rest is an outbox task run right away and retried until done.
   */
  async delete(userId: string, drawingId: string): Promise<void> {
    if (!isUuid(drawingId)) throw new NotFoundException(MESSAGES.drawingNotFound);
    const taskId = await this.dataSource.transaction(async (manager) => {
      const drawing = await manager.findOne(DrawingEntity, { where: { id: drawingId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!drawing) throw new NotFoundException(MESSAGES.drawingNotFound);
      const renditions = await manager.findBy(RenditionEntity, { drawingId });
      await manager.delete(DrawingEntity, { id: drawingId });
      return this.cleanups.record(manager, {
        objectKeys: [drawing.objectKey, ...renditions.map((rendition) => rendition.objectKey)],
        deletedDrawing: { drawingId, userId },
      });
    });
    if (!(await this.cleanups.runNow(taskId).catch(() => false))) {
      this.logger.warn({ drawingId }, 'cleanup after deleting a drawing failed; the sweeper will retry');
    }
  }
}
