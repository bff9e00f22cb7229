import { ApiProperty } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { ELEMENT_TYPES, USER_ELEMENT_TYPE, type DrawingElement, type ElementType, type GraphItemMetadata } from '@pid/contracts';
import type { z } from 'zod';
import { BoundingBoxDto, GraphItemDto } from '../graph.dto';
import { boundingBox, confirmed, description, drawingId, elementType, name, page } from '../validation/graph-fields';
import { bodyObject } from '@pid/platform';

/** `POST /api/elements`. Metadata is the server's: a user's element gets `{ source: 'user' }`. */
export const createElementBody = bodyObject({
  drawing: drawingId,
  page: page.default(1),
  elementType: elementType.default(USER_ELEMENT_TYPE),
  name: name.default(''),
  description: description.default(''),
  boundingBox,
  confirmed: confirmed.default(false),
});
export type CreateElementInput = z.output<typeof createElementBody>;

/** `PUT /api/elements/:id`: the whole element, or only `{ boundingBox }` after a drag. `_id`, `drawing`, `page` and `metadata` are ignored. */
export const updateElementBody = bodyObject({
  elementType: elementType.optional(),
  name: name.optional(),
  description: description.optional(),
  boundingBox: boundingBox.optional(),
  confirmed: confirmed.optional(),
});
export type UpdateElementInput = z.output<typeof updateElementBody>;

export class ElementDto extends GraphItemDto implements DrawingElement {
  @ApiProperty({ minimum: 1, example: 1, description: 'The page of the drawing the element is on; its box is in that page’s pixels' })
  page: number;

  @ApiProperty({ enum: ELEMENT_TYPES, example: 'valve' })
  elementType: ElementType;

  @ApiProperty({ example: 'V-101' })
  name: string;

  @ApiProperty({ example: '' })
  description: string;

  @ApiProperty({ type: BoundingBoxDto })
  boundingBox: BoundingBoxDto;

  @ApiProperty()
  confirmed: boolean;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'confidence (the probability the element is right), score (the finder’s own, where confidence is calibrated from it), source (analysis or user), analysisRunId, tag parse, continues_on (an off-page connector’s partner in another drawing: drawing, element, page); written by the server only',
    example: { source: 'analysis', confidence: 0.93, analysisRunId: 'job-1' },
  })
  metadata: GraphItemMetadata;
}

/** The request bodies' OpenAPI schemas, from the zod schemas that validate them (nestjs-zod). */
export class CreateElementDto extends createZodDto(createElementBody) {}

export class UpdateElementDto extends createZodDto(updateElementBody) {}

export class ElementDeletedDto {
  @ApiProperty({ example: 'Element deleted' })
  msg: string;

  @ApiProperty({ format: 'uuid', description: 'The deleted element' })
  _id: string;

  @ApiProperty({ type: [String], description: 'Its connections, deleted with it in the same transaction' })
  deletedConnections: string[];
}
