import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

/** True when a string anywhere in `value` holds U+0000, which PostgreSQL text cannot store. */
export function containsNulCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) pending.push(key, item);
    }
  }
  return false;
}

/** Checks a request body against a zod schema; the first problem leaves as 400 `{ msg }`. */
export class ZodBodyPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(body: unknown): z.output<Schema> {
    // Checked before the schema: a NUL would otherwise reach the database and fail the request with 500.
    if (containsNulCharacter(body)) throw new BadRequestException({ msg: NUL_CHARACTER_MESSAGE });
    const parsed = this.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new BadRequestException({ msg: parsed.error.issues[0]!.message });
  }
}
