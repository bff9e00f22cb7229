import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ELEMENT_TYPES, USER_ELEMENT_TYPE, type DrawingElement, type ElementType, type GraphItemMetadata } from '@pid/contracts';
import type { z } from 'zod';
import { BoundingBoxDto } from '../graph.dto';
import {
  boundingBox,
  confirmed,
  description,
  DESCRIPTION_MAX_LENGTH,
  drawingId,
  elementType,
  name,
  NAME_MAX_LENGTH,
  page,
} from '../validation/graph-fields';
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

export class ElementDto implements DrawingElement {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The drawing’s id' })
  drawing: string;

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
      'confidence, source (analysis or user), analysisRunId, tag parse, continues_on (an off-page connector’s partner in another drawing: drawing, element, page); written by the server only',
    example: { source: 'analysis', confidence: 0.93, analysisRunId: 'job-1' },
  })
  metadata: GraphItemMetadata;
}

export class CreateElementDto {
  @ApiProperty({ format: 'uuid', description: 'One of your drawings' })
  drawing: string;

  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'The page the element is on' })
  page?: number;

  @ApiPropertyOptional({ enum: ELEMENT_TYPES, default: USER_ELEMENT_TYPE })
  elementType?: ElementType;

  @ApiPropertyOptional({ default: '', maxLength: NAME_MAX_LENGTH })
  name?: string;

  @ApiPropertyOptional({ default: '', maxLength: DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiProperty({ type: BoundingBoxDto, description: 'Finite numbers; width and height > 0' })
  boundingBox: BoundingBoxDto;

  @ApiPropertyOptional({ default: false })
  confirmed?: boolean;
}

export class UpdateElementDto {
  @ApiPropertyOptional({ enum: ELEMENT_TYPES })
  elementType?: ElementType;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  name?: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiPropertyOptional({ type: BoundingBoxDto, description: 'Finite numbers; width and height > 0' })
  boundingBox?: BoundingBoxDto;

  @ApiPropertyOptional()
  confirmed?: boolean;
}

export class ElementDeletedDto {
  @ApiProperty({ example: 'Element deleted' })
  msg: string;

  @ApiProperty({ format: 'uuid', description: 'The deleted element' })
  _id: string;

  @ApiProperty({ type: [String], description: 'Its connections, deleted with it in the same transaction' })
  deletedConnections: string[];
}
