import { ApiProperty } from '@nestjs/swagger';
import type { ErrorBody } from '@pid/contracts';

/** OpenAPI shape of the `{ msg }` error answers. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 'Invalid product information' })
  msg: string;
}
