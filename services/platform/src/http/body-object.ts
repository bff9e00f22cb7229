import { z } from 'zod';

export const BODY_NOT_OBJECT_MESSAGE = 'Request body must be a JSON object';

/** A JSON object body for `ZodBodyPipe`; unknown keys are dropped, anything but an object is a 400 `{ msg }`. */
export function bodyObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: BODY_NOT_OBJECT_MESSAGE });
}
