import { NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from '@jest/globals';
import { isDependencyUnavailable, toErrorBody } from './error-body.filter';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toErrorBody', () => {
  it('answers 503 when PostgreSQL cannot be reached, is shutting down or dropped the connection', () => {
    const unavailable = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01')),
      withCode('the database system is starting up', '57P03'),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const error of unavailable) {
      expect(isDependencyUnavailable(error)).toBe(true);
      expect(toErrorBody(error)).toEqual({ status: 503, body: { msg: 'Service temporarily unavailable. Please try again.' } });
    }
  });

  it('keeps HTTP errors as they are and hides anything else behind a 500', () => {
    expect(toErrorBody(new NotFoundException('Drawing not found'))).toEqual({ status: 404, body: { msg: 'Drawing not found' } });
    const syntax = new QueryFailedError('SELEC 1', [], withCode('syntax error', '42601'));
    expect(toErrorBody(syntax)).toEqual({ status: 500, body: { msg: 'Internal server error' } });
    expect(toErrorBody(new TypeError('x is undefined'))).toEqual({ status: 500, body: { msg: 'Internal server error' } });
  });
});
