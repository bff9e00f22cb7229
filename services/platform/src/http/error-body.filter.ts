import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorBody } from '@pid/contracts';
import type { Logger } from '../logging/logger';

/** Every error leaves as `{ msg }` with its status; unexpected ones are logged and say nothing internal. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorBody(exception);
    if (status >= 500) this.logger.error({ err: exception }, 'request failed');
    response.status(status).json(body);
  }
}

/**
 * Express error middleware for the JSON body parser: bad JSON is 400, an oversized body 413, a charset or
 * encoding it cannot decode 415, and any other refusal of the body its own 4xx; never a 500.
 */
export function rejectUnreadableBody(error: { type?: string; status?: number }, _request: Request, response: Response, next: NextFunction) {
  if (error.type === 'entity.parse.failed') return void response.status(400).json({ msg: 'Request body is not valid JSON' });
  if (error.type === 'entity.too.large') return void response.status(413).json({ msg: 'Request body is too large' });
  if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') {
    return void response.status(415).json({ msg: 'Request body must be JSON in UTF-8' });
  }
  if (error.type && error.status && error.status >= 400 && error.status < 500) {
    return void response.status(error.status).json({ msg: 'Request body could not be read' });
  }
  next(error);
}

/** PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (shutting down, starting up, crashed). */
const UNAVAILABLE_SQLSTATE = /^(08|57P)/;
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * True for an error that says a server the service depends on (PostgreSQL, above all) cannot be reached
 * right now, rather than that the request or the code is wrong: the client may simply try again.
 */
export function isDependencyUnavailable(exception: unknown): boolean {
  const cause = (exception as { driverError?: unknown } | null)?.driverError ?? exception;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_CODES.has(code))) return true;
  return cause instanceof Error && /^Connection terminated|timeout exceeded when trying to connect/.test(cause.message);
}

export function toErrorBody(exception: unknown): { status: number; body: ErrorBody } {
  if (isDependencyUnavailable(exception)) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { msg: 'Service temporarily unavailable. Please try again.' } };
  }
  if (!(exception instanceof HttpException)) return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { msg: 'Internal server error' } };
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { status, body: { msg: response } };
  const { msg, message } = response as { msg?: unknown; message?: unknown };
  if (typeof msg === 'string') return { status, body: { msg } };
  if (Array.isArray(message)) return { status, body: { msg: message.join('; ') } };
  return { status, body: { msg: typeof message === 'string' ? message : exception.message } };
}
