import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  ANALYSIS_SOURCES,
  DRAWING_STATUSES,
  type AnalysisSource,
  type Drawing,
  type DrawingMetadata,
  type DrawingStatus,
  type ImageSize,
  type ProcessingStatusResponse,
} from '@pid/contracts';
import { containsNulCharacter, NUL_CHARACTER_MESSAGE } from '@pid/platform';
import { z } from 'zod';
import { MESSAGES, STATUS_MESSAGES } from '../messages';
import type { DrawingEntity } from './drawing.entity';

export const DRAWING_NAME_MAX_LENGTH = 200;

/** A drawing's name: trimmed, not blank (spec §5), at most 200 characters, storable (no NUL). */
export const drawingName = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(DRAWING_NAME_MAX_LENGTH, MESSAGES.nameTooLong)
  .refine((name) => !containsNulCharacter(name), NUL_CHARACTER_MESSAGE);

/** `PUT /drawings/:id`: rename; other fields are ignored. */
export const renameBody = z.object({ name: drawingName }, { error: MESSAGES.nameRequired });

/** A drawing as the API answers it, with the spec's field names (§3). */
export function presentDrawing(drawing: DrawingEntity): Drawing {
  const metadata: DrawingMetadata = { processingProgress: drawing.progress };
  if (drawing.jobId) metadata.jobId = drawing.jobId;
  if (drawing.imageWidth && drawing.imageHeight) metadata.image_size = { width: drawing.imageWidth, height: drawing.imageHeight };
  if (drawing.pageCount) metadata.pageCount = drawing.pageCount;
  if (drawing.pageSizes) metadata.pages = drawing.pageSizes;
  if (drawing.pageSources) metadata.pageSources = drawing.pageSources;
  return {
    _id: drawing.id,
    name: drawing.name,
    status: drawing.status,
    uploadDate: drawing.uploadDate.toISOString(),
    processingMessage: drawing.processingMessage,
    documentName: drawing.documentName,
    metadata,
  };
}

export function presentStatus(drawing: DrawingEntity): ProcessingStatusResponse {
  return {
    drawingStatus: drawing.status,
    message: drawing.processingMessage ?? STATUS_MESSAGES[drawing.status] ?? drawing.status,
    progress: drawing.progress,
  };
}

// ---- OpenAPI shapes ----

export class ImageSizeDto implements ImageSize {
  @ApiProperty({ example: 4677 })
  width: number;

  @ApiProperty({ example: 3307 })
  height: number;
}

export class DrawingMetadataDto implements DrawingMetadata {
  @ApiProperty({ minimum: 0, maximum: 100, description: 'Of the current or last run; never goes backwards within a run' })
  processingProgress: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'The current or last processing run' })
  jobId?: string;

  @ApiPropertyOptional({
    type: ImageSizeDto,
    description: 'Pixel size of the image `GET /drawings/{id}/file` shows (page 1 for a PDF); element boxes use these pixels',
  })
  image_size?: ImageSize;

  @ApiPropertyOptional({ minimum: 1, description: 'PDFs only' })
  pageCount?: number;

  @ApiPropertyOptional({
    type: [ImageSizeDto],
    description: 'Pixel size of each page’s `GET /drawings/{id}/file?page=N` image, page 1 first (one entry for an image file)',
  })
  pages?: ImageSize[];

  @ApiPropertyOptional({
    enum: ANALYSIS_SOURCES,
    isArray: true,
    description:
      'How the last analysis read each page, page 1 first: `vector` (the PDF’s own text layer and strokes), `mixed` (some from the file, the rest from the pixels), `raster` (from the pixels, text by OCR)',
  })
  pageSources?: AnalysisSource[];
}

export class DrawingDto implements Drawing {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ example: 'Unit 100 – feed section', maxLength: DRAWING_NAME_MAX_LENGTH })
  name: string;

  @ApiProperty({ enum: DRAWING_STATUSES })
  status: DrawingStatus;

  @ApiProperty({ format: 'date-time' })
  uploadDate: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'Processing started' })
  processingMessage?: string | null;

  @ApiProperty({ example: 'P&ID-100.pdf', description: 'The uploaded file name, sanitised; for display only' })
  documentName: string;

  @ApiProperty({ type: DrawingMetadataDto })
  metadata: DrawingMetadata;
}

export class ProcessingStatusDto implements ProcessingStatusResponse {
  @ApiProperty({ enum: DRAWING_STATUSES })
  drawingStatus: DrawingStatus;

  @ApiProperty({ example: 'Detecting symbols' })
  message: string;

  @ApiProperty({ minimum: 0, maximum: 100 })
  progress: number;
}

/** The body's OpenAPI schema and type, from the zod schema that validates it (nestjs-zod). */
export class RenameDrawingDto extends createZodDto(renameBody) {}
