import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { MAX_PDF_OPERATORS, MAX_PDF_PATH_SEGMENTS } from '@pid/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { LOGGER, newObjectKey, SERVICE_ENV, type Logger, type ObjectStorage } from '@pid/platform';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { PendingCleanups } from '../cleanup/pending-cleanups';
import type { DrawingEntity } from '../drawings/drawing.entity';
import type { DrawingEnv } from '../env';
import { MESSAGES } from '../messages';
import { DRAWING_STORAGE } from '../storage/drawing-storage';
import { fileKindOfContentType } from '../upload/file-kind';
import { type PdfRenderOptions, type RenderedPage } from '@pid/platform';
import { PdfThreads } from '../pdf-threads/pdf-threads';
import { renderRasterAsPng } from './raster-renderer';
import { RenditionEntity } from './rendition.entity';
import { TaskLimiter } from './task-limiter';

const FOREIGN_KEY_VIOLATION = '23503';

/** What `GET /drawings/:id/file` sends: an object of storage a browser can show. */
export interface ViewableImage {
  objectKey: string;
  contentType: 'image/png' | 'image/jpeg';
}

/** As the analysis renders; a page drawing more than the analysis would read is not drawn either (422, quickly). */
export function pdfRenderOptions(env: DrawingEnv): PdfRenderOptions {
  return {
    dpi: env.PDF_RENDER_DPI,
    maxSide: env.PDF_RENDER_MAX_SIDE,
    maxPixels: env.MAX_IMAGE_PIXELS,
    timeoutMs: env.RENDER_TIMEOUT_MS,
    limits: { maxOperators: MAX_PDF_OPERATORS, maxPathSegments: MAX_PDF_PATH_SEGMENTS },
  };
}

/**
 * Picks or makes the image a browser shows for a page of a drawing. PNG and JPEG are shown as stored;
 * TIFF and PDF pages become PNG renditions, made once (one render per page even when requests race),
 * kept in storage and recorded in `drawing_renditions`.
 */
@Injectable()
export class RenditionsService {
  private readonly limiter: TaskLimiter;
  private readonly inProgress = new Map<string, Promise<RenditionEntity>>();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @InjectRepository(RenditionEntity) private readonly renditions: Repository<RenditionEntity>,
    @Inject(DRAWING_STORAGE) private readonly storage: ObjectStorage,
    @Inject(SERVICE_ENV) private readonly env: DrawingEnv,
    @Inject(PendingCleanups) private readonly cleanups: PendingCleanups,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PdfThreads) private readonly pdfThreads: PdfThreads,
  ) {
    this.limiter = new TaskLimiter(env.RENDER_CONCURRENCY);
  }

  /** The image for `page` (1-based) of `drawing`; 400 for a page the drawing does not have. */
  async viewableImage(drawing: DrawingEntity, page: number): Promise<ViewableImage> {
    const kind = fileKindOfContentType(drawing.contentType);
    const pageCount = kind === 'pdf' ? (drawing.pageCount ?? 1) : 1;
    if (page > pageCount) throw new BadRequestException(MESSAGES.pageOutOfRange(page, pageCount));
    if (kind === 'png' || kind === 'jpeg') {
      return { objectKey: drawing.objectKey, contentType: drawing.contentType as ViewableImage['contentType'] };
    }
    const rendition = await this.rendition(drawing, page);
    return { objectKey: rendition.objectKey, contentType: 'image/png' };
  }

  private async rendition(drawing: DrawingEntity, page: number): Promise<RenditionEntity> {
    const stored = await this.renditions.findOneBy({ drawingId: drawing.id, page });
    if (stored) return stored;
    const key = `${drawing.id}:${page}`;
    let making = this.inProgress.get(key);
    if (!making) {
      making = this.limiter.run(() => this.make(drawing, page)).finally(() => this.inProgress.delete(key));
      this.inProgress.set(key, making);
    }
    return making;
  }

  private async make(drawing: DrawingEntity, page: number): Promise<RenditionEntity> {
    // Another request may have finished it while this one waited for a slot.
    const stored = await this.renditions.findOneBy({ drawingId: drawing.id, page });
    if (stored) return stored;
    const original = await this.storage.get(drawing.objectKey).catch((error: unknown) => {
      this.logger.error({ err: error, drawingId: drawing.id }, 'the drawing file could not be read from storage');
      throw new ServiceUnavailableException(MESSAGES.storageUnavailable);
    });
    const rendered = await this.render(drawing, original, page);
    const objectKey = newObjectKey('renditions', 'png');
    await this.storage.put(objectKey, rendered.png, 'image/png').catch((error: unknown) => {
      this.logger.error({ err: error, drawingId: drawing.id }, 'a rendition could not be stored');
      throw new ServiceUnavailableException(MESSAGES.storageUnavailable);
    });
    let recorded: boolean;
    try {
      const rows = (await this.dataSource.query(
        `INSERT INTO drawing_renditions (drawing_id, page, object_key, content_type, width, height, size_bytes)
         VALUES ($1, $2, $3, 'image/png', $4, $5, $6) ON CONFLICT (drawing_id, page) DO NOTHING RETURNING drawing_id`,
        [drawing.id, page, objectKey, rendered.width, rendered.height, rendered.png.length],
      )) as unknown[];
      recorded = rows.length > 0;
    } catch (error) {
      await this.cleanups.deleteObjectsNow([objectKey]);
      // The drawing was deleted while its page was being rendered.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
        throw new NotFoundException(MESSAGES.drawingNotFound);
      }
      throw error;
    }
    if (recorded) this.logger.info({ drawingId: drawing.id, page, width: rendered.width, height: rendered.height }, 'rendition made');
    // Another replica recorded one first: keep theirs.
    else await this.cleanups.deleteObjectsNow([objectKey]);
    const rendition = await this.renditions.findOneBy({ drawingId: drawing.id, page });
    if (!rendition) throw new NotFoundException(MESSAGES.drawingNotFound);
    return rendition;
  }

  private async render(drawing: DrawingEntity, original: Buffer, page: number): Promise<RenderedPage> {
    try {
      if (fileKindOfContentType(drawing.contentType) === 'pdf')
        return await this.pdfThreads.render(original, page, pdfRenderOptions(this.env));
      return await renderRasterAsPng(original, this.env.MAX_IMAGE_PIXELS);
    } catch (error) {
      // Damage that the upload checks did not see, a render timeout, or a page too big to decode.
      this.logger.warn({ err: error, drawingId: drawing.id, page }, 'a page could not be rendered');
      throw new UnprocessableEntityException(MESSAGES.renderFailed);
    }
  }
}
