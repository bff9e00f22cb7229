import { ApiProperty } from '@nestjs/swagger';
import type { BoundingBox } from '@pid/contracts';

/** OpenAPI shapes shared by elements and connections. */
export class BoundingBoxDto implements BoundingBox {
  @ApiProperty({ example: 120, description: 'Left edge, in the drawing’s pixels' })
  x: number;

  @ApiProperty({ example: 80, description: 'Top edge, in the drawing’s pixels' })
  y: number;

  @ApiProperty({ example: 36, exclusiveMinimum: true, minimum: 0 })
  width: number;

  @ApiProperty({ example: 36, exclusiveMinimum: true, minimum: 0 })
  height: number;
}

/** The fields every element and connection starts with: its id and its drawing's. */
export abstract class GraphItemDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The drawing’s id' })
  drawing: string;
}
