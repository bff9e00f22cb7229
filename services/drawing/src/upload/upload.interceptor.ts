import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { MAX_UPLOAD_BYTES, UPLOAD_MULTIPART_ALLOWANCE_BYTES } from '@pid/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { MESSAGES } from '../messages';

/** The multipart field names of `POST /drawings` (spec §7). */
export const UPLOAD_FILE_FIELD = 'drawing';
export const UPLOAD_NAME_FIELD = 'name';

export type UploadRequest = Request & { file?: Express.Multer.File; body: Record<string, unknown> };

const upload = multer({
  storage: multer.memoryStorage(),
  // Busboy stops at the limit and multer fails the request: a file is never held beyond 10 MB + 1 byte.
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 4096, fieldNameSize: 100, headerPairs: 100 },
  // Browsers send file names as UTF-8; busboy would otherwise read them as Latin-1.
  defParamCharset: 'utf8',
}).single(UPLOAD_FILE_FIELD);

function toHttpError(error: unknown): Error {
  if (!(error instanceof multer.MulterError)) return new BadRequestException(MESSAGES.malformedUpload);
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new PayloadTooLargeException(MESSAGES.fileTooLarge);
    case 'LIMIT_FILE_COUNT':
      return new BadRequestException(MESSAGES.oneFileOnly);
    case 'LIMIT_UNEXPECTED_FILE':
      return new BadRequestException(error.field === UPLOAD_FILE_FIELD ? MESSAGES.oneFileOnly : MESSAGES.unexpectedFileField);
    case 'LIMIT_FIELD_VALUE':
      return new BadRequestException(MESSAGES.nameTooLong);
    default:
      return new BadRequestException(MESSAGES.tooManyFields);
  }
}

/**
 * Reads the multipart body of an upload into memory, within the limits. Runs after the guards, so
 * nobody without a subscription gets their body read.
 */
@Injectable()
export class DrawingUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<UploadRequest>();
    const response = context.switchToHttp().getResponse<Response>();
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + UPLOAD_MULTIPART_ALLOWANCE_BYTES) {
      // Not worth reading: answer at once and close the connection instead of draining the body.
      response.setHeader('Connection', 'close');
      throw new PayloadTooLargeException(MESSAGES.fileTooLarge);
    }
    await new Promise<void>((resolve, reject) =>
      upload(request, response, (error: unknown) => (error ? reject(toHttpError(error)) : resolve())),
    );
    return next.handle();
  }
}
