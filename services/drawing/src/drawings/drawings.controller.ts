import { createHash } from 'node:crypto';
import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  ServiceUnavailableException,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { MAX_UPLOAD_BYTES, type Drawing, type MessageResponse, type ProcessingStatusResponse } from '@pid/contracts';
import {
  MessageResponseDto,
  ErrorBodyDto,
  CurrentUser,
  LOGGER,
  SubscriberOnly,
  ZodBodyPipe,
  type AuthenticatedUser,
  type Logger,
  type ObjectStorage,
} from '@pid/platform';
import type { Request, Response } from 'express';
import {
  exportCsv,
  exportFileName,
  exportJson,
  exportXlsx,
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  type ExportFormat,
} from '../export/drawing-export';
import { GraphExportClient } from '../export/graph-export.client';
import { MESSAGES } from '../messages';
import { ProcessingService } from '../processing/processing.service';
import { RenditionsService } from '../renditions/renditions.service';
import { DRAWING_STORAGE } from '../storage/drawing-storage';
import { DrawingUploadInterceptor, UPLOAD_FILE_FIELD, UPLOAD_NAME_FIELD, type UploadRequest } from '../upload/upload.interceptor';
import { DrawingDto, DRAWING_NAME_MAX_LENGTH, presentDrawing, presentStatus, ProcessingStatusDto, RenameDrawingDto } from './drawing.dto';
import { DrawingsService } from './drawings.service';

/** The image of a drawing page never changes for its URL (a new upload is a new drawing), so browsers may keep it a day. */
const FILE_MAX_AGE_SECONDS = 86_400;
const MAX_PAGE = 100_000;

function parsePage(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value)) throw new BadRequestException(MESSAGES.invalidPage);
  const page = Number(value);
  if (page < 1 || page > MAX_PAGE) throw new BadRequestException(MESSAGES.invalidPage);
  return page;
}

function parseFormat(value: unknown): ExportFormat {
  if (value === undefined) return 'csv';
  if (typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value.toLowerCase()))
    return value.toLowerCase() as ExportFormat;
  throw new BadRequestException(MESSAGES.unknownExportFormat);
}

/** A strong validator for the bytes of a storage object: keys are generated and their objects never rewritten. */
function etagOf(objectKey: string): string {
  return `"${createHash('sha256').update(objectKey).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: a list of entity tags (weak comparison) or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

@ApiTags('drawings')
@Controller('drawings')
// Every route: a valid token, a verified e-mail and an active subscription (spec §6).
@SubscriberOnly()
@ApiNotFoundResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.drawingNotFound}\`: unknown, malformed or another user's id` })
export class DrawingsController {
  constructor(
    @Inject(DrawingsService) private readonly drawings: DrawingsService,
    @Inject(ProcessingService) private readonly processing: ProcessingService,
    @Inject(RenditionsService) private readonly renditions: RenditionsService,
    @Inject(GraphExportClient) private readonly graph: GraphExportClient,
    @Inject(DRAWING_STORAGE) private readonly storage: ObjectStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @UseInterceptors(DrawingUploadInterceptor)
  @ApiOperation({
    summary: 'Upload a drawing',
    description:
      'PDF, PNG, JPEG or TIFF, recognised by content (not by name), at most 10 MB. Images are fully decoded and PDFs parsed: ' +
      'damaged, truncated, password-protected files and images over the pixel limit are refused. The drawing starts as `uploaded`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [UPLOAD_FILE_FIELD, UPLOAD_NAME_FIELD],
      properties: {
        [UPLOAD_FILE_FIELD]: { type: 'string', format: 'binary', maxLength: MAX_UPLOAD_BYTES },
        [UPLOAD_NAME_FIELD]: { type: 'string', maxLength: DRAWING_NAME_MAX_LENGTH, example: 'Unit 100 – feed section' },
      },
    },
  })
  @ApiCreatedResponse({ type: DrawingDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'No file, blank name, empty, damaged or password-protected file' })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.fileTooLarge}\`, or an image over the pixel limit` })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.unsupportedType}\`` })
  async upload(@CurrentUser() caller: AuthenticatedUser, @Req() request: UploadRequest): Promise<Drawing> {
    return presentDrawing(await this.drawings.upload(caller.id, request.file, request.body?.[UPLOAD_NAME_FIELD]));
  }

  @Get()
  @ApiOperation({ summary: "The caller's drawings, newest first" })
  @ApiOkResponse({ type: DrawingDto, isArray: true })
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<Drawing[]> {
    return (await this.drawings.list(caller.id)).map(presentDrawing);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One drawing' })
  @ApiOkResponse({ type: DrawingDto })
  async get(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<Drawing> {
    return presentDrawing(await this.drawings.get(caller.id, id));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Rename a drawing', description: 'Only `name` is read; it is trimmed and must not be blank.' })
  @ApiBody({ type: RenameDrawingDto })
  @ApiOkResponse({ type: DrawingDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.nameRequired}\`` })
  async rename(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Body(new ZodBodyPipe(RenameDrawingDto.schema)) body: RenameDrawingDto,
  ): Promise<Drawing> {
    return presentDrawing(await this.drawings.rename(caller.id, id, body.name));
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a drawing',
    description: 'Removes the drawing, its file and renditions; graph removes its elements and connections on the `drawing deleted` event.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  async delete(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<MessageResponse> {
    await this.drawings.delete(caller.id, id);
    return { msg: MESSAGES.drawingDeleted };
  }

  @Post(':id/process')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start processing',
    description:
      'From `uploaded`, `error` or `failed` only. The drawing becomes `processing` ("Processing started", 0 %) with a new `jobId`, ' +
      'and an analysis job is queued. Progress arrives by polling `/status` or as `drawingProgress` socket events.',
  })
  @ApiOkResponse({ type: DrawingDto })
  @ApiConflictResponse({ type: ErrorBodyDto, description: 'The drawing is processing or processed already' })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The job queue is not reachable; nothing changed' })
  async process(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<Drawing> {
    return presentDrawing(await this.processing.start(caller.id, id));
  }

  @Get(':id/status')
  @ApiOperation({ summary: 'Processing status', description: 'For polling (spec §4): every 10 s on the dashboard, 5 s in the viewer.' })
  @ApiOkResponse({ type: ProcessingStatusDto })
  async status(@CurrentUser() caller: AuthenticatedUser, @Param('id') id: string): Promise<ProcessingStatusResponse> {
    return presentStatus(await this.drawings.get(caller.id, id));
  }

  @Get(':id/file')
  @ApiOperation({
    summary: 'The drawing as an image a browser can show',
    description:
      'PNG and JPEG as uploaded; TIFF and PDF pages as PNG renditions (made on first request, then kept). PDF pages are rendered ' +
      'at PDF_RENDER_DPI (200 dpi), long side at most PDF_RENDER_MAX_SIDE (10000 px): the pixel space of the element boxes. ' +
      'Answers 304 to a matching If-None-Match.',
  })
  @ApiQuery({ name: 'page', required: false, description: 'PDF page, from 1 (default 1)', schema: { type: 'integer', minimum: 1 } })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ description: 'The image', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'A page the drawing does not have' })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.renderFailed}\`` })
  async file(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Query('page') pageParameter: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const page = parsePage(pageParameter);
    const drawing = await this.drawings.get(caller.id, id);
    const image = await this.renditions.viewableImage(drawing, page);
    const etag = etagOf(image.objectKey);
    response.setHeader('ETag', etag);
    response.setHeader('Cache-Control', `private, max-age=${FILE_MAX_AGE_SECONDS}`);
    // The URL is the same for every user: a shared browser must not answer one user's request from another's cache entry.
    response.setHeader('Vary', 'Authorization, X-Auth-Token');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return void response.status(HttpStatus.NOT_MODIFIED).end();
    const bytes = await this.storage.get(image.objectKey).catch((error: unknown) => {
      this.logger.error({ err: error, drawingId: drawing.id }, 'a drawing image could not be read from storage');
      throw new ServiceUnavailableException(MESSAGES.storageUnavailable);
    });
    response.status(HttpStatus.OK).type(image.contentType).send(bytes);
  }

  @Get(':id/export')
  @ApiOperation({
    summary: "Export the drawing's elements and connections",
    description:
      'CSV by default (`drawing_data_{id}.csv`, RFC 4180, formula-like text neutralised), `format=xlsx` for an Excel workbook ' +
      '(sheets Elements, Connections, Instruments) or `format=json`. Works in every status: an unanalysed drawing gives headers only.',
  })
  @ApiQuery({ name: 'format', required: false, enum: EXPORT_FORMATS })
  @ApiProduces(...Object.values(EXPORT_CONTENT_TYPES))
  @ApiOkResponse({ description: 'The file, as an attachment', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `\`${MESSAGES.unknownExportFormat}\`` })
  @ApiServiceUnavailableResponse({ type: ErrorBodyDto, description: 'The graph service did not answer' })
  async export(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('id') id: string,
    @Query('format') formatParameter: unknown,
    @Res() response: Response,
  ): Promise<void> {
    const format = parseFormat(formatParameter);
    const drawing = await this.drawings.get(caller.id, id);
    const graph = await this.graph.fetch(drawing.id, caller.id);
    const presented = presentDrawing(drawing);
    const body =
      format === 'csv'
        ? exportCsv(graph)
        : format === 'xlsx'
          ? await exportXlsx(presented, graph)
          : JSON.stringify(exportJson(presented, graph));
    response.setHeader('Content-Type', EXPORT_CONTENT_TYPES[format]);
    response.setHeader('Content-Disposition', `attachment; filename="${exportFileName(drawing.id, format)}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.status(HttpStatus.OK).send(body);
  }
}
