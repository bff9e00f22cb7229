import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Checks a request body against a zod schema; the first problem leaves as 400 `{ msg }`. */
export class ZodBodyPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(private readonly schema: Schema) {}

  transform(body: unknown): z.output<Schema> {
    const parsed = this.schema.safeParse(body);
    if (parsed.success) return parsed.data;
    throw new BadRequestException({ msg: parsed.error.issues[0]!.message });
  }
}
