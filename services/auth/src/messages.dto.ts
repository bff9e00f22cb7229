import { ApiProperty } from '@nestjs/swagger';
import type { ErrorBody, MessageResponse } from '@pid/contracts';

/** OpenAPI shapes of the plain `{ msg }` answers. */
export class MessageResponseDto implements MessageResponse {
  @ApiProperty({ example: 'Email verified successfully' })
  msg: string;
}

export class ErrorBodyDto implements ErrorBody {
  @ApiProperty({ example: 'Invalid credentials' })
  msg: string;
}
