import { ApiProperty } from '@nestjs/swagger';
import type { BoundingBox, PathSegment } from '@pid/contracts';

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

export class PathSegmentDto implements PathSegment {
  @ApiProperty({ enum: ['horizontal', 'vertical'], description: 'horizontal keeps y, vertical keeps x' })
  orientation: 'horizontal' | 'vertical';

  @ApiProperty({ type: [Number], minItems: 2, maxItems: 2, example: [100, 50] })
  start: [number, number];

  @ApiProperty({ type: [Number], minItems: 2, maxItems: 2, example: [180, 50] })
  end: [number, number];
}

export class PathDataDto {
  @ApiProperty({ type: [PathSegmentDto] })
  path: PathSegmentDto[];
}
