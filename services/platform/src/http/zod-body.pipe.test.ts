import { BadRequestException } from '@nestjs/common';
import { toErrorBody } from './error-body.filter';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { containsNulCharacter, NUL_CHARACTER_MESSAGE, ZodBodyPipe } from './zod-body.pipe';

describe('ZodBodyPipe', () => {
  const pipe = new ZodBodyPipe(z.object({ name: z.string() }));

  it('answers the parsed body, and the first problem as 400 { msg }', () => {
    expect(pipe.transform({ name: 'P-101', extra: 1 })).toEqual({ name: 'P-101' });
    expect(() => pipe.transform({ name: 7 })).toThrow(BadRequestException);
  });

  it('refuses a NUL character in any string, keys and nested values included, before the schema', () => {
    for (const body of [{ name: 'a\u0000b' }, { name: 'ok', nested: [{ deep: '\u0000' }] }, { name: 'ok', ['\u0000']: 1 }]) {
      expect(containsNulCharacter(body)).toBe(true);
      const refusal = (() => {
        try {
          pipe.transform(body);
        } catch (error) {
          return toErrorBody(error);
        }
      })();
      expect(refusal).toEqual({ status: 400, body: { msg: NUL_CHARACTER_MESSAGE } });
    }
    expect(containsNulCharacter({ name: 'ordinary \u0001 text', list: [1, null, true] })).toBe(false);
  });
});
