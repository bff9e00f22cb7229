import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import {
  DEFAULT_RELATIONSHIP_TYPE,
  RELATIONSHIP_TYPES,
  type Connection,
  type ConnectionMetadata,
  type RelationshipType,
} from '@pid/contracts';
import type { z } from 'zod';
import {
  confirmed,
  connectionMetadata,
  CUSTOM_TYPE_REQUIRED,
  customRelationshipType,
  description,
  drawingId,
  elementReference,
  name,
  relationshipType,
} from '../validation/graph-fields';
import { bodyObject } from '@pid/platform';
import { GraphItemDto } from '../graph.dto';

const REQUIRED_ENDS = 'source and target are required';

/** `POST /api/connections`: defaults "connects to", unconfirmed, no name. */
export const createConnectionBody = bodyObject({
  drawing: drawingId,
  source: elementReference.optional(),
  target: elementReference.optional(),
  name: name.default(''),
  description: description.default(''),
  relationshipType: relationshipType.default(DEFAULT_RELATIONSHIP_TYPE),
  customRelationshipType: customRelationshipType.optional(),
  confirmed: confirmed.default(false),
  metadata: connectionMetadata.optional(),
}).superRefine((body, context) => {
  if (body.source === undefined || body.target === undefined) context.addIssue({ code: 'custom', message: REQUIRED_ENDS });
  else if (body.relationshipType === 'custom' && !body.customRelationshipType?.trim()) {
    context.addIssue({ code: 'custom', message: CUSTOM_TYPE_REQUIRED });
  }
});
export type CreateConnectionInput = z.output<typeof createConnectionBody>;

/**
 * `PUT /api/connections/:id`: only the fields that changed, or the whole connection. Of the metadata
 * only `path_data` is written; `_id`, `drawing` and unknown fields are ignored.
 */
export const updateConnectionBody = bodyObject({
  source: elementReference.optional(),
  target: elementReference.optional(),
  name: name.optional(),
  description: description.optional(),
  relationshipType: relationshipType.optional(),
  customRelationshipType: customRelationshipType.optional(),
  confirmed: confirmed.optional(),
  metadata: connectionMetadata.optional(),
});
export type UpdateConnectionInput = z.output<typeof updateConnectionBody>;

export class ConnectionDto extends GraphItemDto implements Connection {
  @ApiProperty({
    minimum: 1,
    example: 1,
    description: 'The page the connection is drawn on: its source element’s page (an off-page link names both pages in metadata.pages)',
  })
  page: number;

  @ApiProperty({ format: 'uuid', description: 'Element id' })
  source: string;

  @ApiProperty({ format: 'uuid', description: 'Element id' })
  target: string;

  @ApiProperty({ example: '' })
  name: string;

  @ApiProperty({ example: '' })
  description: string;

  @ApiProperty({ enum: RELATIONSHIP_TYPES, example: DEFAULT_RELATIONSHIP_TYPE })
  relationshipType: RelationshipType;

  @ApiPropertyOptional({ description: 'Present when set; kept only while relationshipType is custom' })
  customRelationshipType?: string;

  @ApiProperty()
  confirmed: boolean;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'path_data.path (segments), and the server’s confidence, source (analysis or user), analysisRunId; an off-page link has off_page_link: true and pages [a, b]',
    example: { source: 'user', path_data: { path: [{ orientation: 'horizontal', start: [100, 50], end: [180, 50] }] } },
  })
  metadata: ConnectionMetadata;
}

/** The request bodies' OpenAPI schemas, from the zod schemas that validate them (nestjs-zod). */
export class CreateConnectionDto extends createZodDto(createConnectionBody) {}

export class UpdateConnectionDto extends createZodDto(updateConnectionBody) {}

export class ConnectionDeletedDto {
  @ApiProperty({ example: 'Connection deleted' })
  msg: string;

  @ApiProperty({ format: 'uuid' })
  _id: string;
}
