import { ApiProperty } from '@nestjs/swagger';
import type { ErrorBody, MessageResponse } from '@pid/contracts';

/** OpenAPI shape of the plain `{ msg }` answers. */
export class MessageResponseDto implements MessageResponse {
  @ApiProperty({ example: 'Drawing deleted' })
  msg: string;
}

/** OpenAPI shape of every error answer, `{ msg }`. */
export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 'Token is not valid' })
  msg: string;
}
