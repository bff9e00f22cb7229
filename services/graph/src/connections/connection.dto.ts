import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DEFAULT_RELATIONSHIP_TYPE,
  RELATIONSHIP_TYPES,
  type Connection,
  type ConnectionMetadata,
  type RelationshipType,
} from '@pid/contracts';
import type { z } from 'zod';
import { PathDataDto } from '../graph.dto';
import {
  confirmed,
  connectionMetadata,
  CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH,
  CUSTOM_TYPE_REQUIRED,
  customRelationshipType,
  description,
  DESCRIPTION_MAX_LENGTH,
  drawingId,
  elementReference,
  name,
  NAME_MAX_LENGTH,
  relationshipType,
} from '../validation/graph-fields';
import { bodyObject } from '@pid/platform';

const REQUIRED_ENDS = 'source and target are required';
const ELEMENT_REFERENCE = 'An element id of the same drawing, or `{ _id }`';

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

class ConnectionMetadataDto {
  @ApiPropertyOptional({ type: PathDataDto, nullable: true, description: 'The drawn route; null removes it' })
  path_data?: PathDataDto | null;
}

export class ConnectionDto implements Connection {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The drawing’s id' })
  drawing: string;

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

export class CreateConnectionDto {
  @ApiProperty({ format: 'uuid', description: 'One of your drawings' })
  drawing: string;

  @ApiProperty({ format: 'uuid', description: ELEMENT_REFERENCE })
  source: string;

  @ApiProperty({ format: 'uuid', description: `${ELEMENT_REFERENCE}; not the source` })
  target: string;

  @ApiPropertyOptional({ default: '', maxLength: NAME_MAX_LENGTH })
  name?: string;

  @ApiPropertyOptional({ default: '', maxLength: DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiPropertyOptional({ enum: RELATIONSHIP_TYPES, default: DEFAULT_RELATIONSHIP_TYPE })
  relationshipType?: RelationshipType;

  @ApiPropertyOptional({ maxLength: CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH, description: 'Required when relationshipType is custom' })
  customRelationshipType?: string;

  @ApiPropertyOptional({ default: false })
  confirmed?: boolean;

  @ApiPropertyOptional({ type: ConnectionMetadataDto })
  metadata?: ConnectionMetadataDto;
}

export class UpdateConnectionDto {
  @ApiPropertyOptional({ format: 'uuid', description: ELEMENT_REFERENCE })
  source?: string;

  @ApiPropertyOptional({ format: 'uuid', description: ELEMENT_REFERENCE })
  target?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  name?: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX_LENGTH })
  description?: string;

  @ApiPropertyOptional({ enum: RELATIONSHIP_TYPES })
  relationshipType?: RelationshipType;

  @ApiPropertyOptional({ maxLength: CUSTOM_RELATIONSHIP_TYPE_MAX_LENGTH, nullable: true })
  customRelationshipType?: string | null;

  @ApiPropertyOptional()
  confirmed?: boolean;

  @ApiPropertyOptional({ type: ConnectionMetadataDto, description: 'Only path_data is written' })
  metadata?: ConnectionMetadataDto;
}

export class ConnectionDeletedDto {
  @ApiProperty({ example: 'Connection deleted' })
  msg: string;

  @ApiProperty({ format: 'uuid' })
  _id: string;
}
